"""The projected clock the whole room reads: the full-screen window and its choice of screen (window.py), the
layout and painting of the screen at any size (layout.py), and the frozen view it paints, gathered from the
session's clock and floor services (view.py, also read by the console's clock displays)."""
