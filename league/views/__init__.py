"""The server-rendered pages: thin views, one service or selector call each (docs/pages.md)."""
