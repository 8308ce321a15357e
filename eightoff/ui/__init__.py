"""The pygame-ce front end: app loop, layout geometry, card faces, input, animations.

pygame reads two settings when it is first imported, which happens as soon as any module of
this package is: the window's class (so the desktop shows the game under its own name and
icon) and the silence of its greeting. They are set here, before any of those imports.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "eightoff")
