"""The REST API under /api/ (docs/api.md): DRF views over the services and selectors, one error format."""
