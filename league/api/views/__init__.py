"""The API's views, one module per area; each view parses, authenticates and makes one service or selector call."""
