"""The API's input validation and output shapes, a module a resource; no business logic (services and selectors
decide)."""
