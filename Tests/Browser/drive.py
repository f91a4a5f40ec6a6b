#!/usr/bin/env python3
"""Drives Debian's chromium through chromium-driver (Selenium) for the page tests.

Reads a JSON list of actions on standard input, performs them in one headless browser as a
person would (typing, clicking, pressing keys), and prints one JSON object: what each reading
action saw, the page's console messages and whether any dialog opened. A screenshot of the last
state is saved to the path given as the first argument, for a failing test to point at.
"""
import json
import sys
import time

from selenium import webdriver
from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

KEYS = {"ENTER": Keys.ENTER, "ESCAPE": Keys.ESCAPE, "RIGHT": Keys.ARROW_RIGHT, "LEFT": Keys.ARROW_LEFT,
        "HOME": Keys.HOME, "END": Keys.END, "SPACE": Keys.SPACE, "UP": Keys.ARROW_UP, "DOWN": Keys.ARROW_DOWN}


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,900"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def node(driver, title):
    for element in driver.find_elements(By.CSS_SELECTOR, "g.node"):
        titles = element.find_elements(By.TAG_NAME, "title")
        if titles and titles[0].get_attribute("textContent") == title:
            return element
    raise LookupError("no node titled " + title)


def run(driver, action):
    kind, argument = next(iter(action.items()))
    if kind == "open":
        started = time.monotonic()
        driver.get(argument)
        driver.execute_script("return document.readyState")
        return round(time.monotonic() - started, 3)
    if kind == "type":
        driver.find_element(By.CSS_SELECTOR, argument[0]).send_keys(argument[1])
    elif kind == "key":
        target = driver.switch_to.active_element if argument[0] == "active" else driver.find_element(By.CSS_SELECTOR, argument[0])
        target.send_keys(KEYS.get(argument[1], argument[1]))
    elif kind == "click":
        driver.find_element(By.CSS_SELECTOR, argument).click()
    elif kind == "clickNode":
        shape = node(driver, argument).find_elements(By.CSS_SELECTOR, "polygon, path, ellipse, rect")[0]
        ActionChains(driver).move_to_element(shape).click().perform()
    elif kind == "wheel":
        element = driver.find_element(By.CSS_SELECTOR, argument[0])
        driver.execute_script(
            "var r = arguments[0].getBoundingClientRect();"
            "arguments[0].dispatchEvent(new WheelEvent('wheel', {deltaY: arguments[1], clientX: r.left + r.width / 2,"
            " clientY: r.top + r.height / 2, bubbles: true, cancelable: true}));", element, argument[1])
    elif kind == "text":
        return driver.find_element(By.CSS_SELECTOR, argument).get_attribute("textContent")
    elif kind == "texts":
        return [element.get_attribute("textContent") for element in driver.find_elements(By.CSS_SELECTOR, argument)]
    elif kind == "attr":
        return driver.find_element(By.CSS_SELECTOR, argument[0]).get_attribute(argument[1])
    elif kind == "count":
        return len(driver.find_elements(By.CSS_SELECTOR, argument))
    elif kind == "visible":
        return driver.find_element(By.CSS_SELECTOR, argument).is_displayed()
    elif kind == "js":
        return driver.execute_script(argument)
    elif kind == "jsAsync":
        # A script that calls its last argument with its result (frames timed with
        # requestAnimationFrame, say); 60 seconds at most.
        driver.set_script_timeout(60)
        return driver.execute_async_script(argument)
    elif kind == "touch":
        # A cue for an app waiting on a file (the live page's tests).
        open(argument, "a").close()
    elif kind == "sleep":
        time.sleep(argument)
    else:
        raise ValueError("unknown action " + kind)
    return None


def main():
    actions = json.load(sys.stdin)
    driver = browser()
    results, error = [], None
    try:
        for action in actions:
            results.append(run(driver, action))
    except Exception as failure:  # reported to the test, which fails with it
        error = "%s: %s" % (type(failure).__name__, failure)
    try:
        dialog = driver.switch_to.alert.text
    except NoAlertPresentException:
        dialog = None
    console = [entry["message"] for entry in driver.get_log("browser")]
    if len(sys.argv) > 1:
        driver.save_screenshot(sys.argv[1])
    driver.quit()
    print(json.dumps({"results": results, "error": error, "console": console, "dialog": dialog}))


if __name__ == "__main__":
    main()
