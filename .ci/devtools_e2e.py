"""End-to-end test of the DevTools page in headless Chromium, against a running
`mvi-examples --devtools`. Run by .ci/devtools-e2e, which starts the app and passes its URL.

    python3 .ci/devtools_e2e.py functional URL STATE_LOG DOWNLOAD_DIR SCREENSHOT CHECK_COMMAND...
    python3 .ci/devtools_e2e.py throughput URL SCREENSHOT SECONDS

Prints one line per check, and closes with 'N passed, N failed'.
"""
import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request

from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

results = {"passed": 0, "failed": 0}


def check(name, condition, detail=""):
    if condition:
        results["passed"] += 1
        print(f"  ok   {name}")
    else:
        results["failed"] += 1
        print(f"  FAIL {name} {detail}")


def browser(download_dir=None):
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1600,1000",
                     "--disable-gpu", "--hide-scrollbars"]:
        options.add_argument(argument)
    if os.path.exists("/usr/bin/chromium"):
        options.binary_location = "/usr/bin/chromium"
    if download_dir:
        options.add_experimental_option("prefs", {
            "download.default_directory": download_dir, "download.prompt_for_download": False})
    service = webdriver.ChromeService(executable_path="/usr/bin/chromedriver")
    driver = webdriver.Chrome(options=options, service=service)
    driver.set_window_size(1600, 1000)
    return driver


def wait(driver, condition, timeout=20):
    return WebDriverWait(driver, timeout, poll_frequency=0.1).until(lambda d: condition(d))


def model(driver, expression):
    return driver.execute_script(f"return {expression};")


def status_of(url):
    try:
        return urllib.request.urlopen(url, timeout=10).status
    except urllib.error.HTTPError as error:
        return error.code


def calculator_value(driver):
    return model(driver, "(window.devtools.model.stores.find(s => s.name === 'Calculator') || {state: {}}).state.value")


def last_logged_value(path):
    with open(path) as file:
        lines = [line for line in file.read().splitlines() if line.startswith("Calculator value=")]
    return int(lines[-1].split("=")[1]) if lines else None


def rows_of(driver, store, kind):
    """The timeline rows in view of one store and kind."""
    return [row for row in driver.find_elements(By.CSS_SELECTOR, "#timeline .row")
            if row.find_element(By.CLASS_NAME, "c-store").text == store
            and row.find_element(By.CLASS_NAME, "c-kind").text == kind]


def select_store(driver, name):
    driver.find_element(By.CSS_SELECTOR, f'#stores li[data-store="{name}"]').click()


def click(driver, element_id):
    driver.find_element(By.ID, element_id).click()


def send_intent(driver, store, intent):
    driver.find_element(By.CSS_SELECTOR, "#tabs button[data-tab=send]").click()
    Select(driver.find_element(By.ID, "send-store")).select_by_visible_text(store)
    box = driver.find_element(By.ID, "send-json")
    box.clear()
    box.send_keys(json.dumps(intent))
    click(driver, "btn-send")


def functional(url, state_log, download_dir, screenshot, check_command):
    base = url.split("?")[0]
    check("the page is refused without the token", status_of(base) == 403, status_of(base))
    check("the page is refused with a wrong token", status_of(base + "?token=" + "0" * 64) == 403)
    check("the page loads with the token", status_of(url) == 200)

    driver = browser(download_dir)
    try:
        driver.get(url)
        wait(driver, lambda d: "connected" in d.find_element(By.ID, "conn").text)
        names = wait(driver, lambda d: [e.text for e in d.find_elements(By.CSS_SELECTOR, "#stores .name")] or None)
        check("the store list shows the app's stores", "Calculator" in names and "Bmi" in names, names)

        before = wait(driver, lambda d: calculator_value(d))
        send_intent(driver, "Calculator", {"increment": {}})
        wait(driver, lambda d: calculator_value(d) == before + 1)
        send_intent(driver, "Calculator", {"increment": {}})
        wait(driver, lambda d: calculator_value(d) == before + 2)
        wait(driver, lambda d: last_logged_value(state_log) == before + 2)
        check("an intent sent from the page changes the app's state", last_logged_value(state_log) == before + 2,
              (before, last_logged_value(state_log)))

        rows = wait(driver, lambda d: rows_of(d, "Calculator", "state") or None)
        check("the timeline shows the app's events", len(rows) >= 2, rows)

        click(driver, "btn-stop")
        wait(driver, lambda d: d.find_element(By.ID, "mode").text.lower() == "stopped")
        click(driver, "btn-back")
        wait(driver, lambda d: calculator_value(d) == before + 1)
        wait(driver, lambda d: last_logged_value(state_log) == before + 1)
        check("step back shows the earlier state on the page", calculator_value(driver) == before + 1)
        check("step back shows the earlier state in the app's store", last_logged_value(state_log) == before + 1)
        select_store(driver, "Calculator")
        time.sleep(0.3)
        shown = driver.find_element(By.ID, "state-tree").text
        check("the state tree shows the value", f"value: {before + 1}" in shown.replace('"', ""), shown)

        # Inspect the last Calculator state: the diff against the one before it.
        rows_of(driver, "Calculator", "state")[-1].click()
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#event-tree .changed"))
        check("a state event shows its changed fields", len(driver.find_elements(By.CSS_SELECTOR, "#event-tree .changed")) >= 1)

        # Export: the downloaded file imports into TimeTravel.
        for name in os.listdir(download_dir):
            os.remove(os.path.join(download_dir, name))
        click(driver, "btn-export")
        path = os.path.join(download_dir, "recording.json")
        wait(driver, lambda d: os.path.exists(path) and os.path.getsize(path) > 0)
        time.sleep(0.5)
        imported = subprocess.run(check_command + [path], capture_output=True, text=True)
        check("export downloads a file that TimeTravel imports", imported.returncode == 0,
              imported.stdout + imported.stderr)
        print("    " + imported.stdout.strip())

        click(driver, "btn-cancel")
        wait(driver, lambda d: d.find_element(By.ID, "mode").text.lower() == "idle")
        wait(driver, lambda d: calculator_value(d) == before + 2)
        check("back to live restores the store's own state", last_logged_value(state_log) == before + 2)

        # A bad import is shown with its typed error.
        bad = os.path.join(download_dir, "bad.json")
        with open(bad, "w") as file:
            file.write('{"format": "something else", "version": 1}')
        driver.find_element(By.ID, "import-file").send_keys(bad)
        toast = wait(driver, lambda d: d.find_element(By.ID, "toast").text or None)
        check("an import error is shown on the page", "Not a time-travel recording" in toast, toast)

        # A state set from the page while stopped shows at once and survives going back to live.
        click(driver, "btn-record")
        wait(driver, lambda d: d.find_element(By.ID, "mode").text.lower() == "recording")
        send_intent(driver, "Calculator", {"increment": {}})
        wait(driver, lambda d: calculator_value(d) == before + 3)
        time.sleep(0.3)
        click(driver, "btn-stop")
        wait(driver, lambda d: d.find_element(By.ID, "mode").text.lower() == "stopped")
        driver.find_element(By.CSS_SELECTOR, "#tabs button[data-tab=edit]").click()
        Select(driver.find_element(By.ID, "edit-store")).select_by_visible_text("Calculator")
        box = driver.find_element(By.ID, "edit-json")
        box.clear()
        box.send_keys(json.dumps({"value": 500}))
        click(driver, "btn-edit")
        wait(driver, lambda d: calculator_value(d) == 500 and last_logged_value(state_log) == 500)
        check("a state set while stopped shows on the page and in the app's store",
              calculator_value(driver) == 500 and last_logged_value(state_log) == 500)
        click(driver, "btn-cancel")
        wait(driver, lambda d: d.find_element(By.ID, "mode").text.lower() == "idle")
        time.sleep(0.6)
        check("the state set from the page survives going back to live",
              calculator_value(driver) == 500 and last_logged_value(state_log) == 500,
              (calculator_value(driver), last_logged_value(state_log)))
        send_intent(driver, "Calculator", {"increment": {}})
        wait(driver, lambda d: last_logged_value(state_log) == 501)
        check("the app goes on from the edited state", last_logged_value(state_log) == 501)
        driver.find_element(By.CSS_SELECTOR, "#tabs button[data-tab=event]").click()

        # Record again, with a few events and a failure for the screenshots, and inspect a state.
        click(driver, "btn-record")
        wait(driver, lambda d: d.find_element(By.ID, "mode").text.lower() == "recording")
        for intent in [{"increment": {}}, {"decrement": {}}, {"increment": {}}, {"sum": {"_0": 10}}, {"increment": {}}]:
            send_intent(driver, "Calculator", intent)
            time.sleep(0.15)
        send_intent(driver, "Load", {"request": {}})
        time.sleep(0.3)
        send_intent(driver, "Calculator", {"increment": {}})
        time.sleep(0.3)
        click(driver, "btn-stop")
        wait(driver, lambda d: d.find_element(By.ID, "mode").text.lower() == "stopped")
        click(driver, "btn-back")
        time.sleep(0.3)
        rows_of(driver, "Calculator", "state")[-2].click()
        time.sleep(0.5)
        check("a state event shows its diff", len(driver.find_elements(By.CSS_SELECTOR, "#event-tree .changed")) >= 1)

        # The failure: a kind filter, a red row, its error text when selected.
        check("the kind filter has a failure entry",
              len(driver.find_elements(By.CSS_SELECTOR, '#kind-filters input[data-kind="failure"]')) == 1)
        failures = wait(driver, lambda d: rows_of(d, "Load", "failure") or None)
        check("the timeline shows the app's failure in red",
              len(failures) == 1 and "failed" in failures[0].get_attribute("class")
              and failures[0].find_element(By.CLASS_NAME, "c-kind").value_of_css_property("color") == "rgba(255, 107, 107, 1)",
              [f.get_attribute("class") for f in failures])
        failures[0].click()
        text = wait(driver, lambda d: "".join(e.text for e in d.find_elements(By.CSS_SELECTOR, "#event-tree .failure-text")) or None)
        check("a selected failure shows its error text",
              "the sample server did not answer" in text and "async work \"request\" failed" in text, text)
        code = driver.execute_script("return window.devtools.generateTest('Calculator');")
        with open(os.path.join(os.path.dirname(screenshot), "devtools-generated-test.swift"), "w") as file:
            file.write(code)
        check("a test is generated from the recording",
              "TestStore(" in code and code.count("await store.send(try decode(") >= 5, code)
        driver.save_screenshot(screenshot)
        check("the screenshot is saved", os.path.getsize(screenshot) > 10_000)

        # Timing, measured by the stores while the page is open: µs, per intent.
        driver.find_element(By.CSS_SELECTOR, "#tabs button[data-tab=timing]").click()
        time.sleep(0.3)
        rows = [[cell.text for cell in row.find_elements(By.TAG_NAME, "td")]
                for row in driver.find_elements(By.CSS_SELECTOR, "#timing-table tbody tr")]
        increment = [row for row in rows if row[0] == "Calculator" and row[1] == "increment"]
        check("per-intent timing is counted and shown in µs",
              increment and int(increment[0][2]) >= 3 and all(cell.endswith("µs") or cell.endswith("ms") for cell in increment[0][3:])
              and not any("<1 ms" in cell for row in rows for cell in row), rows)
        print("    timing: " + "; ".join(" ".join(row) for row in rows))
        timing_shot = os.path.join(os.path.dirname(screenshot), "devtools-timing-screenshot.png")
        driver.save_screenshot(timing_shot)
        errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"
                  and "favicon" not in entry["message"] and "import" not in entry["message"].lower()]
        check("the page logged no script errors", not errors, errors)
    finally:
        driver.quit()

    # The WebSocket is refused without the token (checked from the page's origin).
    driver = browser()
    try:
        driver.get(url)
        refused = driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            const socket = new WebSocket(`ws://${location.host}/ws?token=wrong`);
            socket.onopen = () => done("open");
            socket.onerror = () => done("refused");
        """)
        check("the WebSocket is refused without the token", refused == "refused", refused)
    finally:
        driver.quit()


def throughput(url, screenshot, seconds):
    driver = browser()
    try:
        driver.get(url)
        wait(driver, lambda d: model(d, "window.devtools.model.events.length") > 1000)
        total = "window.devtools.model.events.length + window.devtools.model.trimmed"
        time.sleep(2)
        start, started = model(driver, total), time.time()
        time.sleep(seconds)
        end, ended = model(driver, total), time.time()
        dropped = model(driver, "window.devtools.model.dropped")
        rate = (end - start) / (ended - started)
        print(f"    the page received {end - start} events in {ended - started:.1f} s: {rate:,.0f} events/s,"
              f" {dropped} dropped")
        check("the page keeps up with the load (over 8,000 events/s)", rate > 8000, rate)
        responsive = driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            const t = performance.now();
            requestAnimationFrame(() => done(performance.now() - t));
        """)
        check("the page stays responsive under load (a frame within 500 ms)", responsive < 500, responsive)
        driver.save_screenshot(screenshot)
    finally:
        driver.quit()


if __name__ == "__main__":
    mode = sys.argv[1]
    try:
        if mode == "functional":
            functional(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5], sys.argv[6:])
        else:
            throughput(sys.argv[2], sys.argv[3], float(sys.argv[4]))
    except Exception as error:  # a check that could not run is a failure, not a crash
        results["failed"] += 1
        print(f"  FAIL {mode}: {type(error).__name__}: {error}")
    print(f"{results['passed']} passed, {results['failed']} failed")
    sys.exit(1 if results["failed"] else 0)
