"""JAX's own tests (a pinned copy in upstream/) run through hlo-translate: `make test-jax-suite`."""
