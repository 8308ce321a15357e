"""The card themes a player already has: Aisleriot's SVG sheets and KPatience's decks.

Finding them and reading them safely is file work, without pygame, beside the store: the
command line lists them (`eightoff themes`) and the window draws them (eightoff/ui/themes/).
Nothing here changes a theme's file or writes outside the cache folder.
"""
