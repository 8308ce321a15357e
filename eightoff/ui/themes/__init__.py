"""Installed card themes on the table: drawn by resvg in a process of their own, kept as PNGs
in the cache folder, and shown as a deck of faces once they are there."""
