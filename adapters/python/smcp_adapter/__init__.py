"""Adapter from the kit's operations to the a2c-smcp Python SDK (one module per rule family)."""
