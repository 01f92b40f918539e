from companion.cli import main

# Guarded: a render process (companion.web.render_pool) is started by
# importing the server's main module again, which must not serve again.
if __name__ == "__main__":
    raise SystemExit(main())
