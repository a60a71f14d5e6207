"""Debian's chromium, headless, driven by selenium through Debian's chromium-driver.

Started with everything that would reach the internet switched off and a fresh profile;
the tests open only 127.0.0.1 pages. ``chromium()`` skips the test when the browser or
selenium is missing (.ci/run installs both).
"""

from __future__ import annotations

import os
import shutil
import tempfile

import pytest

FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run",
         "--disable-default-apps", "--disable-extensions", "--disable-dev-shm-usage")


def chromium(size=(420, 900)):
    webdriver = pytest.importorskip("selenium.webdriver")
    from selenium.webdriver.chrome.service import Service

    binary = shutil.which("chromium")
    driver_path = shutil.which("chromedriver")
    if not binary or not driver_path:
        if os.environ.get("CI"):
            # .ci/run installs both: in CI a missing browser is a broken install, not a skip
            pytest.fail("chromium and chromium-driver are missing (.ci/run installs them)")
        pytest.skip("chromium and chromium-driver are not installed")
    os.environ.setdefault("SE_AVOID_STATS", "true")   # selenium sends nothing anywhere
    os.environ.setdefault("SE_OFFLINE", "true")
    profile = tempfile.mkdtemp(prefix="shadows-chromium-")
    opts = webdriver.ChromeOptions()
    opts.binary_location = binary
    for flag in FLAGS:
        opts.add_argument(flag)
    opts.add_argument(f"--user-data-dir={profile}")
    opts.add_argument(f"--window-size={size[0]},{size[1]}")
    driver = webdriver.Chrome(options=opts, service=Service(executable_path=driver_path))
    driver._shadows_profile = profile
    return driver


def quit_browser(driver) -> None:
    profile = getattr(driver, "_shadows_profile", None)
    try:
        driver.quit()
    finally:
        if profile:
            shutil.rmtree(profile, ignore_errors=True)


def phone_size(driver, width: int, height: int) -> None:
    """Lay the page out as a phone of ``width`` x ``height`` CSS pixels (a headless
    window cannot be narrower than 500 px, so the viewport is set through DevTools)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})
