"""The ASGI entry point for uvicorn (`spieltisch.server.asgi:app`), configured from the environment."""

from spieltisch.server.app import create_app

app = create_app(own_process=True)
