"""Spieltisch: a web platform for the tile games Plan Ahead and Speedgans."""

__version__ = "0.1.0"
