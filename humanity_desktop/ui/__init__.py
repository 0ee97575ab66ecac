"""The window: app loop, scene stack, screens, views and widgets. The only package that
imports pygame."""
