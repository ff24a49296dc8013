"""The project's benchmark (``make bench``): HTTP throughput against a Flask echo, and engine playouts."""
