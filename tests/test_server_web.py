"""The play server serves the browser client: the page at ``/`` (the bundle tools/build_web.py makes,
or a page saying how to build it) and its hashed assets, cached for a year; anything else under
``/assets`` is a one-line 404."""

from __future__ import annotations

import re
from pathlib import Path

from taku.server.app import WEB
from tests.server_helpers import client_for, fast_settings


def test_home_is_the_client_or_says_how_to_build_it(tmp_path: Path) -> None:
    with client_for(fast_settings(f"sqlite:///{tmp_path / 't.sqlite3'}")) as client:
        page = client.get("/")
        assert page.status_code == 200
        assert page.headers["content-type"].startswith("text/html")
        if not (WEB / "index.html").is_file():
            assert "python3 tools/build_web.py" in page.text
            return
        assert '<div id="app"></div>' in page.text
        assert page.headers["cache-control"] == "no-cache"
        assets = re.findall(r'(?:src|href)="/assets/([^"]+)"', page.text)
        assert any(a.endswith(".js") for a in assets) and any(a.endswith(".css") for a in assets)
        for name in assets:
            plain = client.get(f"/assets/{name}", headers={"Accept-Encoding": "identity"})
            assert plain.status_code == 200
            assert "content-encoding" not in plain.headers
            assert plain.content == (WEB / "assets" / name).read_bytes()
            assert plain.headers["cache-control"] == "public, max-age=31536000, immutable"
            # A browser that takes gzip gets the compressed file: the same bytes once unpacked.
            packed = client.get(f"/assets/{name}", headers={"Accept-Encoding": "gzip, br"})
            assert packed.headers["content-encoding"] == "gzip"
            assert packed.content == plain.content  # httpx unpacks it
            assert int(packed.headers["content-length"]) < len(plain.content) / 2
            expected = "text/css" if name.endswith(".css") else "text/javascript"
            assert packed.headers["content-type"].startswith(expected)


def test_unknown_or_outside_assets_are_404(tmp_path: Path) -> None:
    with client_for(fast_settings(f"sqlite:///{tmp_path / 't.sqlite3'}")) as client:
        missing = client.get("/assets/nothing-here.js")
        assert missing.status_code == 404
        assert missing.json() == {"error": "no asset 'nothing-here.js'"}
        for path in ("/assets/..%2Fapp.py", "/assets/.hidden", "/assets/%2e%2e", "/assets/x.js.gz"):
            reply = client.get(path)
            assert reply.status_code in (404, 422), path
            assert "error" in reply.json()
