"""A real headless Chromium (Debian's chromium and chromium-driver) for the room display's page tests.

The room display's server runs in this process's Qt event loop, so a Selenium call made on the GUI thread would
wait for a page the server can never answer. Every Selenium call therefore runs on one worker thread, while the
GUI thread keeps the Qt loop turning until the call is done (``Browser.run``).
"""

from __future__ import annotations

import queue
import shutil
import tempfile
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path
from typing import Any

from PySide6.QtTest import QTest

# The machine has no internet: without these flags Chromium keeps trying to reach its services.
CHROMIUM_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--disable-dev-shm-usage", "--hide-scrollbars", "--force-device-scale-factor=1")


def chromium_missing() -> str | None:
    """Why the browser tests cannot run here (None when Chromium and its driver are installed)."""
    if shutil.which("chromium") is None or shutil.which("chromedriver") is None:
        return "Debian's chromium and chromium-driver are not installed (scripts/system-deps.sh installs them as root)"
    return None


class Browser:
    def __init__(self, width: int = 390, height: int = 844) -> None:
        self._jobs: queue.Queue[tuple[Callable[..., Any], tuple[Any, ...], Future] | None] = queue.Queue()
        self._thread = threading.Thread(target=self._work, name="selenium", daemon=True)
        self._thread.start()
        self._profile = tempfile.TemporaryDirectory(prefix="td-chromium-")
        self.driver: Any = self.run(self._open, width, height, timeout=60)

    # ----- the worker ------------------------------------------------------------------------------------------
    def _work(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            function, args, future = job
            try:
                future.set_result(function(*args))
            except BaseException as error:  # handed back to the GUI thread
                future.set_exception(error)

    def _open(self, width: int, height: int) -> Any:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service

        options = webdriver.ChromeOptions()
        options.binary_location = shutil.which("chromium")
        for flag in CHROMIUM_FLAGS:
            options.add_argument(flag)
        options.add_argument(f"--user-data-dir={self._profile.name}")
        options.add_argument(f"--window-size={width},{height}")
        driver = webdriver.Chrome(options=options, service=Service(shutil.which("chromedriver")))
        self._size(driver, width, height)
        return driver

    @staticmethod
    def _size(driver: Any, width: int, height: int) -> None:
        """Make the page's viewport exactly width x height (a window's frame would take some away)."""
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})

    def run(self, function: Callable[..., Any], *args: Any, timeout: float = 20.0) -> Any:
        """Run ``function(*args)`` on the worker; the Qt event loop turns here until it returns."""
        future: Future = Future()
        self._jobs.put((function, args, future))
        deadline = time.monotonic() + timeout
        while not future.done():
            if time.monotonic() > deadline:
                raise TimeoutError(f"the browser did not finish {getattr(function, '__name__', function)} in "
                                   f"{timeout} s")
            QTest.qWait(5)
        return future.result()

    # ----- what a test does with the page --------------------------------------------------------------------------
    def open(self, url: str, width: int | None = None, height: int | None = None) -> None:
        def go() -> None:
            if width and height:
                self._size(self.driver, width, height)
            self.driver.get(url)
        self.run(go)

    def find(self, css: str) -> Any:
        from selenium.webdriver.common.by import By

        return self.run(lambda: self.driver.find_element(By.CSS_SELECTOR, css))

    def text(self, css: str) -> str:
        from selenium.webdriver.common.by import By

        return self.run(lambda: self.driver.find_element(By.CSS_SELECTOR, css).text)

    def texts(self, css: str) -> list[str]:
        from selenium.webdriver.common.by import By

        return self.run(lambda: [e.text for e in self.driver.find_elements(By.CSS_SELECTOR, css)])

    def count(self, css: str) -> int:
        from selenium.webdriver.common.by import By

        return self.run(lambda: len(self.driver.find_elements(By.CSS_SELECTOR, css)))

    def displayed(self, css: str) -> bool:
        from selenium.webdriver.common.by import By

        return self.run(lambda: any(e.is_displayed() for e in self.driver.find_elements(By.CSS_SELECTOR, css)))

    def click(self, css: str) -> None:
        from selenium.webdriver.common.by import By

        self.run(lambda: self.driver.find_element(By.CSS_SELECTOR, css).click())

    def type(self, css: str, text: str, *, clear: bool = True) -> None:
        from selenium.webdriver.common.by import By

        def typing() -> None:
            field = self.driver.find_element(By.CSS_SELECTOR, css)
            if clear:
                field.clear()
            field.send_keys(text)
        self.run(typing)

    def choose(self, css: str, visible_text_part: str) -> None:
        """Pick the option of a <select> whose text contains ``visible_text_part``, as a finger would."""
        from selenium.webdriver.common.by import By

        def choosing() -> None:
            select = self.driver.find_element(By.CSS_SELECTOR, css)
            for option in select.find_elements(By.TAG_NAME, "option"):
                if visible_text_part in option.text:
                    option.click()
                    return
            raise AssertionError(f"no option with {visible_text_part!r} in {css}")
        self.run(choosing)

    def wait_for(self, condition: Callable[[Any], Any], timeout: float = 5.0, poll: float = 0.02) -> Any:
        """Wait in the browser until ``condition(driver)`` is true; TimeoutException after ``timeout``."""
        from selenium.webdriver.support.ui import WebDriverWait

        return self.run(lambda: WebDriverWait(self.driver, timeout, poll_frequency=poll).until(condition),
                        timeout=timeout + 10)

    def wait_for_text(self, css: str, predicate: Callable[[str], bool], timeout: float = 5.0) -> str:
        from selenium.webdriver.common.by import By

        def seen(driver: Any) -> str | bool:
            found = driver.find_elements(By.CSS_SELECTOR, css)
            text = found[0].text if found else ""
            return text if predicate(text) else False
        return self.wait_for(seen, timeout)

    def script(self, source: str, *args: Any) -> Any:
        return self.run(lambda: self.driver.execute_script(source, *args))

    def screenshot(self, path: Path) -> Path:
        self.run(lambda: self.driver.save_screenshot(str(path)))
        return path

    def close(self) -> None:
        try:
            self.run(self.driver.quit, timeout=30)
        finally:
            self._jobs.put(None)
            self._thread.join(10)
            self._profile.cleanup()
