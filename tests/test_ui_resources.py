"""Finding assets from a checkout, a frozen build and an installed wheel."""

import sys

import pytest

from game import resources


@pytest.fixture(autouse=True)
def fresh_cache():
    resources.assets_dir.cache_clear()
    yield
    resources.assets_dir.cache_clear()


def test_the_checkout_assets_are_found():
    assert resources.asset_path("theme.json").is_file()
    assert resources.assets_dir().name == "assets"


def test_a_frozen_bundle_wins(tmp_path, monkeypatch):
    bundle = tmp_path / "assets"
    bundle.mkdir()
    (bundle / "theme.json").write_text("{}", encoding="utf-8")
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resources.assets_dir() == bundle


def test_an_installed_copy_under_the_prefix_is_found(tmp_path, monkeypatch):
    share = tmp_path / "share" / "shadows-tabletop" / "assets"
    share.mkdir(parents=True)
    (share / "theme.json").write_text("{}", encoding="utf-8")
    monkeypatch.setattr(resources, "__file__", str(tmp_path / "site" / "game" / "resources.py"))
    monkeypatch.setattr(sys, "prefix", str(tmp_path))
    assert resources.assets_dir() == share


def test_no_assets_folder_says_where_it_looked(tmp_path, monkeypatch):
    monkeypatch.setattr(resources, "candidate_dirs", lambda: [tmp_path / "nowhere"])
    with pytest.raises(FileNotFoundError, match="nowhere"):
        resources.assets_dir()


def test_a_missing_asset_is_named():
    with pytest.raises(FileNotFoundError, match="no-such-file.png"):
        resources.asset_path("no-such-file.png")


def test_pyproject_ships_every_top_level_asset_the_app_loads():
    tomllib = pytest.importorskip("tomllib")
    from game.resources import assets_dir

    root = assets_dir().parent
    data = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    globs = data["tool"]["setuptools"]["data-files"]["share/shadows-tabletop/assets"]
    shipped = {p.name for g in globs for p in root.glob(g)}
    assert {"theme.json", "icon.png"} <= shipped
