"""The pygame-ce front end: app loop, layout geometry, card faces, input, animations."""
