"""End-to-end test of the DevTools page in headless Chromium, against a running
`mvi-examples --devtools`. Run by .ci/devtools-e2e, which starts the app and passes its URL.

    python3 .ci/devtools_e2e.py functional URL STATE_LOG DOWNLOAD_DIR SCREENSHOT CHECK_COMMAND...
    python3 .ci/devtools_e2e.py protocol URL SCREENSHOT
    python3 .ci/devtools_e2e.py literals URL SWIFT_FILE COUNT
    python3 .ci/devtools_e2e.py numbers URL STATE_LOG SCREENSHOT
    python3 .ci/devtools_e2e.py throughput URL SCREENSHOT SECONDS

`functional` also writes the tests the page generates next to SCREENSHOT
(devtools-generated-test.swift from the recording, devtools-generated-quoting-test.swift from
one whose strings hold `"#`, backslashes and newlines), for .ci/devtools-e2e to compile.
`literals` fuzzes the page's Swift string literals and writes a Swift program that checks
each one reads back as its string.

Prints one line per check, and closes with 'N passed, N failed'.
"""
import base64
import json
import os
import random
import re
import select
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request

from selenium import webdriver
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
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


def click_fresh(driver, selector, what):
    """Clicks the element `selector` finds, finding it again while the page replaces it (the
    store list and the timeline are rebuilt as frames arrive)."""
    for _ in range(50):
        try:
            driver.find_element(By.CSS_SELECTOR, selector).click()
            return
        except StaleElementReferenceException:
            time.sleep(0.05)
    raise RuntimeError(f"the page kept changing under the click on {what}")


def select_store(driver, name):
    click_fresh(driver, f'#stores li[data-store="{name}"]', f"store {name}")


def export_recording(driver, download_dir):
    """Clicks Export and returns the path of the file the browser downloaded, once written."""
    for name in os.listdir(download_dir):
        os.remove(os.path.join(download_dir, name))
    click(driver, "btn-export")
    path = os.path.join(download_dir, "recording.json")
    wait(driver, lambda d: os.path.exists(path) and os.path.getsize(path) > 0)
    time.sleep(0.5)  # the download may still be growing for a moment after it appears
    return path


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
        path = export_recording(driver, download_dir)
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

        # Numbers, exactly: a 19-digit Int64 typed on the page is the app's value, digit for
        # digit (a Double would make it 1234567890123456768), shown so on the page; one beyond
        # Int64 is refused with a typed error and changes nothing.
        set_state_text(driver, "Calculator", '{"value": 1234567890123456789}')
        wait(driver, lambda d: last_logged_value(state_log) == 1234567890123456789)
        check("a 19-digit number set from the page is applied exactly", last_logged_value(state_log) == 1234567890123456789,
              last_logged_value(state_log))
        select_store(driver, "Calculator")
        shown = wait(driver, lambda d: "1234567890123456789" in text_of(d, "state-tree") and text_of(d, "state-tree"))
        check("the page shows the 19-digit number exactly", "value: 1234567890123456789" in shown, shown)
        driver.find_element(By.CSS_SELECTOR, "#tabs button[data-tab=edit]").click()
        Select(driver.find_element(By.ID, "edit-store")).select_by_visible_text("Calculator")
        driver.execute_script("document.getElementById('edit-store').dispatchEvent(new Event('change'))")
        edited = driver.find_element(By.ID, "edit-json").get_attribute("value")
        check("the state editor holds the 19-digit number exactly", "1234567890123456789" in edited, edited)
        set_state_text(driver, "Calculator", '{"value": 12345678901234567890}')
        toast = wait(driver, lambda d: "doesNotDecode" in d.find_element(By.ID, "toast").text
                     and d.find_element(By.ID, "toast").text)
        check("a number beyond Int64 is refused with a typed error naming it",
              "12345678901234567890" in toast and "Int64" in toast, toast)
        time.sleep(0.3)
        check("the refused number changes nothing", last_logged_value(state_log) == 1234567890123456789,
              last_logged_value(state_log))
        set_state_text(driver, "Calculator", '{"value": 501}')
        wait(driver, lambda d: last_logged_value(state_log) == 501)
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
        quoting = generate_quoting_test(driver)
        with open(os.path.join(os.path.dirname(screenshot), "devtools-generated-quoting-test.swift"), "w") as file:
            file.write(quoting)
        check("a test is generated from a recording whose strings hold quotes, # and backslashes",
              quoting.count("await store.send(try decode(") == 2 and '"#' not in quoting.replace('\\"#', ""), quoting)
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


SECRET = "hunter2-never-shown"  # SignIn.savedPassword in Examples/Sources/mvi-examples/DevToolsMode.swift


def logged_sign_in(path):
    with open(path) as file:
        lines = [line for line in file.read().splitlines() if line.startswith("SignIn ")]
    return lines[-1] if lines else ""


def redaction(url, state_log, download_dir, screenshot):
    """A sensitive value (the SignIn store's password) never reaches the page's DOM or model,
    the exported file or a generated test; an edit on the page keeps it. (The app's log is
    checked once the app stopped and flushed it: see devtools-e2e.)"""
    driver = browser(download_dir)
    try:
        driver.get(url)
        wait(driver, lambda d: "connected" in d.find_element(By.ID, "conn").text)
        if driver.find_element(By.ID, "mode").text.lower() == "stopped":
            click(driver, "btn-cancel")
            wait(driver, lambda d: d.find_element(By.ID, "mode").text.lower() != "stopped")
        if driver.find_element(By.ID, "mode").text.lower() != "recording":
            click(driver, "btn-record")
            wait(driver, lambda d: d.find_element(By.ID, "mode").text.lower() == "recording")
        send_intent(driver, "SignIn", {"signInWithSavedPassword": {"user": "ada"}})
        wait(driver, lambda d: "user=ada attempts=1 passwordIntact=true" in logged_sign_in(state_log))
        rows = wait(driver, lambda d: rows_of(d, "SignIn", "state") or None)
        select_store(driver, "SignIn")
        shown = wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#state-tree .redacted") or None)
        check("the state tree shows the password as redacted", shown and shown[0].text == "redacted",
              [e.text for e in shown])
        seen = []
        for kind in ["intent", "message", "state"]:
            # By number, from the page's model: a click re-renders the timeline, and the next
            # row element found before it may be stale.
            for seq in seqs_of(driver, "SignIn", kind):
                click_row(driver, seq)
                time.sleep(0.2)
                seen.append(text_of(driver, "event-tree"))
        check("the message and the state show the password as redacted",
              sum("redacted" in text for text in seen) >= 2, seen)
        click_row(driver, seqs_of(driver, "SignIn", "state")[-1])
        time.sleep(0.3)
        driver.save_screenshot(screenshot)
        check("the redaction screenshot is saved", os.path.getsize(screenshot) > 10_000)
        dom = driver.page_source
        page_model = driver.execute_script("return JSON.stringify(window.devtools.model);")
        check("the password is nowhere in the page's DOM", SECRET not in dom)
        check("the password is nowhere in the page's model", SECRET not in page_model)
        check("the page holds the placeholder", "<redacted>" in page_model)
        code = driver.execute_script("return window.devtools.generateTest('SignIn');")
        check("the generated test has the placeholder, not the password",
              SECRET not in code and "<redacted>" in code, code)

        # The page sends back the state it shows, with the user changed: the app keeps its password.
        set_state_text(driver, "SignIn", '{"user": "grace", "password": "<redacted>", "attempts": 1}')
        wait(driver, lambda d: "user=grace" in logged_sign_in(state_log))
        check("an edit on the page keeps the app's real password",
              logged_sign_in(state_log) == "SignIn user=grace attempts=1 passwordIntact=true", logged_sign_in(state_log))

        path = export_recording(driver, download_dir)
        with open(path) as file:
            exported = file.read()
        check("the exported file has the placeholder, not the password",
              SECRET not in exported and "<redacted>" in exported and '"SignIn"' in exported)
    finally:
        driver.quit()

def mode_of(driver):
    return driver.find_element(By.ID, "mode").text.lower()


def fresh_recording(driver):
    """Whatever the controller was doing: a new, empty recording."""
    if mode_of(driver) == "recording":
        click(driver, "btn-stop")
        wait(driver, lambda d: mode_of(d) in ("stopped", "idle"))
    if mode_of(driver) == "stopped":
        click(driver, "btn-cancel")
        wait(driver, lambda d: mode_of(d) == "idle")
    click(driver, "btn-record")
    wait(driver, lambda d: mode_of(d) == "recording")


def click_row(driver, seq):
    """Clicks the timeline row of event `seq`."""
    click_fresh(driver, f'#timeline .row[data-seq="{seq}"]', f"event {seq}")


def seqs_of(driver, store, kind, containing=""):
    """The `seq`s of the page's events of one store and kind whose value holds `containing`,
    read from the page's model (rows are replaced as the timeline renders)."""
    return driver.execute_script(
        "return window.devtools.model.events.filter(e => e.store === arguments[0] && e.kind === arguments[1]"
        " && JSON.stringify(e.value === null ? e.text : e.value).includes(arguments[2])).map(e => String(e.seq));",
        store, kind, containing)


def row_class(driver, seq):
    try:
        return driver.find_element(By.CSS_SELECTOR, f'#timeline .row[data-seq="{seq}"]').get_attribute("class") or ""
    except (StaleElementReferenceException, NoSuchElementException):
        return ""


def sign_in_attempts(path):
    line = logged_sign_in(path)
    return int(line.split("attempts=")[1].split()[0]) if "attempts=" in line else None


def skip_and_scrub(url, state_log, screenshot):
    """Skip a message and see the later states recomputed (in the page and in the app's
    store), un-skip it, scrub with the slider, and reload: the page keeps its place."""
    driver = browser()
    try:
        driver.get(url)
        wait(driver, lambda d: "connected" in d.find_element(By.ID, "conn").text)
        fresh_recording(driver)
        check("the scrubber is off while recording", not driver.find_element(By.ID, "scrub").is_enabled())
        base = sign_in_attempts(state_log) or 0
        for user in ["amy", "bob", "cat"]:
            send_intent(driver, "SignIn", {"signInWithSavedPassword": {"user": user}})
            wait(driver, lambda d: f"user={user} " in logged_sign_in(state_log))
        check("three sign-ins were made", sign_in_attempts(state_log) == base + 3, logged_sign_in(state_log))
        click(driver, "btn-stop")
        wait(driver, lambda d: mode_of(d) == "stopped")
        driver.find_element(By.CSS_SELECTOR, "#tabs button[data-tab=event]").click()

        # Skip bob's message: the later states lose one attempt, in the page and in the store.
        bob_seq = wait(driver, lambda d: seqs_of(d, "SignIn", "message", "bob") or None)[0]
        click_row(driver, bob_seq)
        wait(driver, lambda d: d.find_element(By.ID, "btn-skip").is_enabled())
        check("the skip button offers to skip", driver.find_element(By.ID, "btn-skip").text == "Skip")
        click(driver, "btn-skip")
        wait(driver, lambda d: "skipped" in row_class(d, bob_seq))
        check("the skipped message is marked in the timeline", "skipped" in row_class(driver, bob_seq))
        wait(driver, lambda d: sign_in_attempts(state_log) == base + 1)
        check("the store shows the state recomputed without the skipped message",
              logged_sign_in(state_log).startswith("SignIn user=amy ") and sign_in_attempts(state_log) == base + 1,
              logged_sign_in(state_log))
        recomputed = driver.find_elements(By.CSS_SELECTOR, "#timeline .row.recomputed")
        check("the later states are marked recomputed", len(recomputed) >= 2, len(recomputed))
        last_state = seqs_of(driver, "SignIn", "state")[-1]
        shown = driver.execute_script(
            "return JSON.stringify(window.devtools.model.events.find(e => String(e.seq) === arguments[0]).value);", last_state)
        check("the last state's value is recomputed", f'"attempts":{base + 2}' in shown, shown)
        click_row(driver, last_state)
        wait(driver, lambda d: "recomputed" in text_of(d, "event-head"))
        check("the inspector says the state was recomputed", "recomputed" in text_of(driver, "event-head"))
        wait(driver, lambda d: sign_in_attempts(state_log) == base + 2)
        driver.save_screenshot(screenshot)
        check("the skip screenshot is saved", os.path.getsize(screenshot) > 10_000)

        # Un-skip: as recorded again.
        click_row(driver, bob_seq)
        wait(driver, lambda d: d.find_element(By.ID, "btn-skip").text == "Un-skip")
        click(driver, "btn-skip")
        wait(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, "#timeline .row.skipped"))
        check("un-skipping takes the marks away", not driver.find_elements(By.CSS_SELECTOR, "#timeline .row.recomputed"))
        click_row(driver, seqs_of(driver, "SignIn", "state")[-1])
        wait(driver, lambda d: sign_in_attempts(state_log) == base + 3)
        check("un-skipping shows the recorded states again", sign_in_attempts(state_log) == base + 3)

        # Scrub: the slider walks the whole timeline, and the store shows each state.
        scrub = driver.find_element(By.ID, "scrub")
        check("the scrubber is on while stopped", scrub.is_enabled())
        driver.execute_script("arguments[0].focus();", scrub)
        scrub.send_keys(Keys.HOME)
        wait(driver, lambda d: sign_in_attempts(state_log) == base)
        check("scrubbing to the start shows the first state", sign_in_attempts(state_log) == base)
        for _ in range(4):
            scrub.send_keys(Keys.ARROW_RIGHT)
        wait(driver, lambda d: sign_in_attempts(state_log) == base + 1)
        check("scrubbing forward shows the states as it passes them", sign_in_attempts(state_log) == base + 1,
              logged_sign_in(state_log))
        scrub.send_keys(Keys.END)
        wait(driver, lambda d: sign_in_attempts(state_log) == base + 3)
        check("scrubbing to the end shows the last state", sign_in_attempts(state_log) == base + 3)
        wait(driver, lambda d: d.find_element(By.ID, "scrub-label").text.startswith("#"))

        # Reload: the inspected event, the filters and the tab come back.
        inspected = seqs_of(driver, "SignIn", "message")[0]
        click_row(driver, inspected)
        driver.find_element(By.CSS_SELECTOR, '#kind-filters input[data-kind="sideEffect"]').click()
        time.sleep(0.5)  # the place is saved a moment after a change
        driver.refresh()
        wait(driver, lambda d: "connected" in d.find_element(By.ID, "conn").text)
        wait(driver, lambda d: f"#{inspected}" in text_of(d, "event-head"))
        check("a reload keeps the inspected event", f"#{inspected}" in text_of(driver, "event-head"))
        wait(driver, lambda d: "inspected" in row_class(d, inspected))
        check("a reload keeps the event selected in the timeline", "inspected" in row_class(driver, inspected))
        check("a reload keeps the kind filters",
              not driver.find_element(By.CSS_SELECTOR, '#kind-filters input[data-kind="sideEffect"]').is_selected())
        driver.find_element(By.CSS_SELECTOR, '#kind-filters input[data-kind="sideEffect"]').click()
        back_to_live_checking_script_errors(driver)
    finally:
        driver.quit()



def back_to_live_checking_script_errors(driver):
    """Cancels time travel (back to live) and checks that the page logged no script error."""
    click(driver, "btn-cancel")
    wait(driver, lambda d: mode_of(d) == "idle")
    errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE" and "favicon" not in entry["message"]]
    check("the page logged no script errors", not errors, errors)


def trace_text(driver):
    try:
        panel = driver.find_element(By.ID, "event-trace")
        return panel.text if panel.is_displayed() else ""
    except (StaleElementReferenceException, NoSuchElementException):
        return ""


def open_search_sender(driver, url):
    """Opens the page on a fresh recording with the Send intent tab on the Search store."""
    driver.get(url)
    wait(driver, lambda d: "connected" in d.find_element(By.ID, "conn").text)
    fresh_recording(driver)
    driver.find_element(By.CSS_SELECTOR, "#tabs button[data-tab=send]").click()
    Select(driver.find_element(By.ID, "send-store")).select_by_visible_text("Search")


def trace_of_search(url, screenshot):
    """Search as you type, traced: three keystrokes sent from the page within the search's
    pause; the first two searches are cancelled, the last finishes. The results trace back
    through the finished search to the last keystroke; the first keystroke shows its message
    and its cancelled search; a trace's event links inspect that event; a stopped timeline
    keeps its traces."""
    driver = browser()
    try:
        open_search_sender(driver, url)
        # Typed quickly: the three sends in one go, well within the search's 400 ms pause.
        driver.execute_script("""
            for (const query of ["s", "sw", "swi"]) {
                document.getElementById("send-json").value = JSON.stringify({queryChanged: {query}});
                document.getElementById("btn-send").click();
            }
        """)
        results = wait(driver, lambda d: seqs_of(d, "Search", "message", "resultsLoaded") or None)
        check("one search finished: one result message", len(results) == 1, results)
        intents = wait(driver, lambda d: len(seqs_of(d, "Search", "intent")) == 3 and seqs_of(d, "Search", "intent"))
        shown = driver.execute_script(
            "return JSON.stringify(window.devtools.model.events.find(e => String(e.seq) === arguments[0]).value);",
            results[0])
        check("the finished search is the last keystroke's", "switch" in shown and "sweep" not in shown, shown)
        time.sleep(0.5)  # the cancelled searches end on their own tasks
        driver.find_element(By.CSS_SELECTOR, "#tabs button[data-tab=event]").click()

        click_row(driver, results[0])
        wait(driver, lambda d: "this event" in trace_text(d))
        text = trace_text(driver)
        check("the result's trace names the finished search", "work “search” finished" in text, text)
        check("the result's trace leads back to the last keystroke", f"#{intents[2]} intent" in text, text)
        check("the result's trace names the dispatch in the app's code",
              "mvi_examples/DevToolsMode.swift:" in text, text)
        result_screenshot = screenshot.replace(".png", "-result.png")
        driver.save_screenshot(result_screenshot)
        check("the result's trace screenshot is saved", os.path.getsize(result_screenshot) > 10_000)

        click_row(driver, intents[0])
        wait(driver, lambda d: f"this event: #{intents[0]}" in trace_text(d) and "cancelled" in trace_text(d))
        text = trace_text(driver)
        check("the first keystroke's trace shows its search cancelled", "work “search” cancelled" in text, text)
        check("the first keystroke's trace shows its message", "message mvi_examples/DevToolsMode.swift:" in text, text)
        check("the first keystroke was sent by the page (through DevTools)", "MVIDevTools/" in text, text)

        click_row(driver, intents[2])
        wait(driver, lambda d: f"this event: #{intents[2]}" in trace_text(d) and "finished" in trace_text(d))
        text = trace_text(driver)
        check("the last keystroke's trace shows the result under its search", f"#{results[0]} message" in text, text)
        check("the last keystroke's trace shows the side effect the search posted", "effect" in text, text)
        driver.save_screenshot(screenshot)
        check("the keystroke's trace screenshot is saved", os.path.getsize(screenshot) > 10_000)
        click_fresh(driver, f'#trace-body a.trace-event[data-seq="{results[0]}"]', f"the trace's link to {results[0]}")
        wait(driver, lambda d: f"#{results[0]}" in text_of(d, "event-head"))
        check("a trace's event link inspects that event", f"#{results[0]}" in text_of(driver, "event-head"))

        click(driver, "btn-stop")
        wait(driver, lambda d: mode_of(d) == "stopped")
        click_row(driver, intents[0])
        wait(driver, lambda d: f"this event: #{intents[0]}" in trace_text(d))
        check("a stopped timeline keeps its traces", "work “search” cancelled" in trace_text(driver), trace_text(driver))
        back_to_live_checking_script_errors(driver)
    finally:
        driver.quit()


def rerun_text(driver):
    try:
        return driver.find_element(By.ID, "rerun-body").text
    except (StaleElementReferenceException, NoSuchElementException):
        return ""


def import_file(driver, path):
    """Imports `path` through the page's Import button (its file input), from idle."""
    if mode_of(driver) != "idle":
        click(driver, "btn-cancel")
        wait(driver, lambda d: mode_of(d) == "idle")
    driver.find_element(By.ID, "import-file").send_keys(path)
    wait(driver, lambda d: mode_of(d) == "stopped")


def rerun_imported_searches(driver, path, claim):
    """Imports `path` (a recording of the Search store's two searches), reruns it from the
    page, checks that the searches reproduce with both lookups answered from the recording,
    and returns the Rerun tab's text."""
    import_file(driver, path)
    click(driver, "btn-rerun")
    wait(driver, lambda d: "Search" in rerun_text(d) and "Rerunning" not in rerun_text(d), timeout=60)
    text = rerun_text(driver)
    line = next((l for l in text.splitlines() if l.startswith("Search")), "")
    check(claim, "✓ reproduced" in line and "2 intents sent" in line
          and "its 2 dependency calls answered from the recording" in line, text)
    return text


def rerun_of_search(url, download_dir, screenshot):
    """Two searches recorded and exported, the export imported back and rerun from the page:
    every store of the recording runs again on a fresh store of the app's feature, the
    searches' results answered from the recording (the word index is a replayable
    dependency). Then a recording whose first result was changed: the rerun shows where it
    differs, and its link inspects that event."""
    driver = browser(download_dir)
    try:
        open_search_sender(driver, url)
        for count, query in enumerate(["sw", "swi"], start=1):
            driver.execute_script(
                "document.getElementById('send-json').value = JSON.stringify({queryChanged: {query: arguments[0]}});"
                "document.getElementById('btn-send').click();", query)
            wait(driver, lambda d: len(seqs_of(d, "Search", "message", "resultsLoaded")) == count)
        click(driver, "btn-stop")
        wait(driver, lambda d: mode_of(d) == "stopped")
        path = export_recording(driver, download_dir)
        with open(path) as file:
            recording = json.load(file)
        search = next(store for store in recording["stores"] if store["name"] == "Search")
        calls = search.get("calls", [])
        check("the export keeps the two lookups' results", [c["name"] for c in calls] == ["wordIndex.lookUp"] * 2, calls)
        check("the export says the searches were sent from outside",
              [e.get("origin") for e in recording["events"] if e["store"] == search["id"] and e["kind"] == "intent"]
              == ["outside", "outside"], search)

        text = rerun_imported_searches(driver, path, "the searches rerun as recorded, both lookups answered from the recording")
        check("every other store reruns, or is named as one whose types cannot be",
              "could not rerun" not in text and "✗" not in text and "Calculator ✓ reproduced" in text
              and "Bmi not rerun: \"Bmi\" cannot be rerun: its Intent is not Decodable" in text, text)
        driver.save_screenshot(screenshot)
        check("the rerun screenshot is saved", os.path.getsize(screenshot) > 10_000)

        # The same session, but the recording says the first search found something else.
        first = next(e for e in recording["events"]
                     if e["store"] == search["id"] and e["kind"] == "message" and "resultsLoaded" in e["value"])
        first["value"] = {"resultsLoaded": {"_0": ["nothing"]}}
        first["description"] = 'resultsLoaded(["nothing"])'
        changed = os.path.join(download_dir, "changed.json")
        with open(changed, "w") as file:
            json.dump(recording, file)
        import_file(driver, changed)
        click(driver, "btn-rerun")
        wait(driver, lambda d: "differs at" in rerun_text(d), timeout=60)
        text = rerun_text(driver)
        check("the changed recording differs at the changed result",
              f"✗ differs at #{first['sequence']} (message)" in text, text)
        check("the difference shows both values",
              'recorded: message resultsLoaded(["nothing"])' in text and 'rerun:    message resultsLoaded(["swift"' in text, text)
        click_fresh(driver, f'#rerun-body a.rerun-event[data-seq="{first["sequence"]}"]', "the divergence's link")
        wait(driver, lambda d: f"#{first['sequence']}" in text_of(d, "event-head"))
        check("the divergence's link inspects the event", f"#{first['sequence']}" in text_of(driver, "event-head"))
        driver.find_element(By.CSS_SELECTOR, "#tabs button[data-tab=rerun]").click()
        result_screenshot = screenshot.replace(".png", "-diverged.png")
        driver.save_screenshot(result_screenshot)
        check("the divergence screenshot is saved", os.path.getsize(result_screenshot) > 10_000)
        back_to_live_checking_script_errors(driver)
    finally:
        driver.quit()


def flight_file(url, binary, directory, screenshot):
    """A flight recorder's file, left by a process killed with SIGKILL, opened in the page and
    rerun (issue 49): `mvi-examples --flight` records two searches on a flight recorder and
    says once the recorder's own thread has written them; it is killed; the page imports the
    file it left and reruns it, both searches answered from the results the file recorded."""
    os.makedirs(directory, exist_ok=True)
    app = subprocess.Popen([binary, "--flight", directory], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True)
    said = ""
    try:
        deadline = time.time() + 120
        while "flight written" not in said:
            remaining = deadline - time.time()
            if remaining <= 0 or app.poll() is not None:
                break
            ready, _, _ = select.select([app.stdout], [], [], remaining)
            if ready:
                said += app.stdout.readline()
    finally:
        if app.poll() is None:
            os.kill(app.pid, signal.SIGKILL)
        app.wait()
    check("the flight-recording app says its recorder wrote both searches", "flight written" in said, said)
    check("the flight-recording app was killed with SIGKILL", app.returncode == -signal.SIGKILL, app.returncode)
    path = os.path.join(directory, "Search.json")
    with open(path) as file:
        recording = json.load(file)
    search = next(store for store in recording["stores"] if store["name"] == "Search")
    check("the killed app's file keeps the two lookups' results",
          [c["name"] for c in search.get("calls", [])] == ["wordIndex.lookUp"] * 2, search)
    driver = browser()
    try:
        driver.get(url)
        wait(driver, lambda d: "connected" in d.find_element(By.ID, "conn").text)
        rerun_imported_searches(driver, path, "the flight file reruns in the page as recorded, both lookups answered from it")
        driver.save_screenshot(screenshot)
        check("the flight rerun screenshot is saved", os.path.getsize(screenshot) > 10_000)
        back_to_live_checking_script_errors(driver)
    finally:
        driver.quit()


def text_of(driver, element_id):
    """An element's text, or "" while the page is replacing it (the state tree is rebuilt)."""
    try:
        return driver.find_element(By.ID, element_id).text
    except StaleElementReferenceException:
        return ""


def set_state_text(driver, store, text):
    driver.find_element(By.CSS_SELECTOR, "#tabs button[data-tab=edit]").click()
    Select(driver.find_element(By.ID, "edit-store")).select_by_visible_text(store)
    box = driver.find_element(By.ID, "edit-json")
    box.clear()
    box.send_keys(text)
    click(driver, "btn-edit")


# Strings a generated test must carry through unchanged: a raw string's closing delimiter,
# backslashes, an interpolation, newlines, a NUL, line and paragraph separators, bidi overrides.
HOSTILE = ['end"# + evil() + #"', 'back\\slash \\(interpolated) \\u{41}', "two\nlines\r\n\tand a tab",
           'nul\u0000 bell\u0007 del\u007f', "separators\u2028\u2029", "bidi\u202e\u2066", '"##"###', "🦉 é 中"]


def generate_quoting_test(driver):
    """Feeds the page a recording of the Calculator's types whose values hold HOSTILE strings,
    through the page's own frame handler, and returns the test it generates."""
    return driver.execute_script("""
        const hostile = JSON.parse(arguments[0]), devtools = window.devtools;
        const name = 'Quoting "# store\\n// injected';
        const calculator = devtools.model.stores.find((s) => s.name === "Calculator");
        const stores = devtools.model.stores.concat([Object.assign({}, calculator, {name})]);
        devtools.receive({type: "stores", stores});
        const t = Date.now() / 1000, base = 1e9;
        devtools.receive({type: "events", reset: false, dropped: 0, timings: [], events: [
            {seq: base + 1, store: name, kind: "state", time: t, value: {value: 1, notes: hostile}, text: "", dispatched: null},
            {seq: base + 2, store: name, kind: "intent", time: t, value: {sum: {_0: 2, note: hostile[0]}}, text: "", dispatched: true},
            {seq: base + 3, store: name, kind: "message", time: t, value: {add: {_0: hostile[1]}}, text: "", dispatched: null},
            {seq: base + 4, store: name, kind: "state", time: t, value: {value: 3, notes: hostile}, text: "", dispatched: null},
            {seq: base + 5, store: name, kind: "intent", time: t, value: {note: {_0: hostile.join("")}}, text: "", dispatched: false},
            {seq: base + 6, store: name, kind: "state", time: t, value: {value: 3, notes: hostile.slice(2)}, text: "", dispatched: null},
        ]});
        return devtools.generateTest(name);
    """, json.dumps(HOSTILE))


def random_string(rng):
    pool = ['"', "#", "\\", "\n", "\r", "\t", "\u0000", "\u0001", "\u001f", "\u007f", "\u0085", "\u2028",
            "\u2029", "\u202e", "\ufeff", "(", ")", "{", "}", "u", "'", " ", "a", "Z", "é", "中", "🦉", "👩‍👩‍👧",
            "\ud800", "\udfff"]
    return "".join(rng.choice(pool) if rng.random() < 0.8 else chr(rng.randint(1, 0x2FFFF))
                   for _ in range(rng.randint(0, 24)))


def read_swift_literal(literal):
    """An independent reading of a plain Swift string literal, per The Swift Programming
    Language's escapes; raises on anything else."""
    assert literal[0] == '"' and literal[-1] == '"', literal
    out, i, body = [], 0, literal[1:-1]
    while i < len(body):
        c = body[i]
        if c in '"\n\r':
            raise ValueError(f"unescaped {c!r} in {literal!r}")
        if c != "\\":
            out.append(c)
            i += 1
            continue
        e = body[i + 1]
        if e in "\\\"'":
            out.append(e)
            i += 2
        elif e in "nrt0":
            out.append({"n": "\n", "r": "\r", "t": "\t", "0": "\0"}[e])
            i += 2
        elif e == "u":
            end = body.index("}", i)
            out.append(chr(int(body[i + 3:end], 16)))
            i = end + 1
        else:
            raise ValueError(f"unknown escape \\{e} in {literal!r}")
    return "".join(out)


def literals(url, swift_file, count):
    """Fuzzes the page's Swift literals: random strings of quotes, #, backslashes, controls,
    separators, surrogates and emoji, each also inside a value's JSON as the Test tab writes
    it. Each literal must read back as its string here; the Swift program written to
    swift_file checks that the compiler reads each as the same string too."""
    rng = random.Random(2028)
    strings = [random_string(rng) for _ in range(count)]
    driver = browser()
    try:
        driver.get(url)
        wait(driver, lambda d: model(d, "window.devtools && window.devtools.swiftLiteral") is not None)
        # As ASCII JSON both ways: WebDriver's own encoding does not carry lone surrogates.
        pairs = json.loads(driver.execute_script("""
            const lit = window.devtools.swiftLiteral;
            return JSON.stringify(JSON.parse(arguments[0]).flatMap((s) =>
                [[s, lit(s)], [JSON.stringify({v: s}), lit(JSON.stringify({v: s}))]]));
        """, json.dumps(strings)))
    finally:
        driver.quit()
    bad = []
    for text, literal in pairs:
        # A lone surrogate cannot be in a Swift String: the page writes U+FFFD for it.
        expected = "".join("\ufffd" if 0xD800 <= ord(c) <= 0xDFFF else c for c in text)
        try:
            if read_swift_literal(literal) != expected:
                bad.append((text, literal))
        except (ValueError, IndexError) as error:
            bad.append((text, literal, str(error)))
        if "\n" in literal or "\r" in literal or "\u2028" in literal or "\u2029" in literal:
            bad.append((text, literal, "a line break inside"))
    check(f"{len(pairs)} fuzzed Swift literals read back as their strings", not bad, bad[:5])
    with open(swift_file, "w", encoding="utf-8") as file:
        file.write("// Generated by .ci/devtools_e2e.py literals: each literal as the DevTools page wrote it,\n")
        file.write("// and the UTF-8 of the string it must be, in Base64.\n")
        file.write("import Foundation\n\nlet cases: [(String, String)] = [\n")
        for text, literal in pairs:
            expected = "".join("\ufffd" if 0xD800 <= ord(c) <= 0xDFFF else c for c in text)
            file.write(f'    ({literal}, "{base64.b64encode(expected.encode("utf-8")).decode()}"),\n')
        file.write("]\n\nvar failed = 0\nfor (index, (literal, expected)) in cases.enumerated()\n")
        file.write("where Data(literal.utf8) != Data(base64Encoded: expected) {\n")
        file.write('    print("literal \\(index) reads as \\(literal.debugDescription)")\n    failed += 1\n}\n')
        file.write('print("\\(cases.count) literals, \\(failed) read back differently")\nexit(failed == 0 ? 0 : 1)\n')


def protocol_mismatch(url, screenshot):
    """An app that speaks another protocol version: the page must stop (a blocking message,
    the socket closed, nothing sent). The hello frame is rewritten in the browser, before the
    page reads it, to announce version 99; everything the page sends is recorded."""
    driver = browser()
    try:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
            (() => {
                const Native = window.WebSocket;
                window.__sent = [];
                window.__sockets = [];
                window.WebSocket = function (url, protocols) {
                    const socket = new Native(url, protocols);
                    window.__sockets.push(socket);
                    const send = socket.send.bind(socket);
                    socket.send = (data) => { window.__sent.push(String(data)); send(data); };
                    let handler = null;
                    Object.defineProperty(socket, "onmessage", {
                        get() { return handler; },
                        set(h) {
                            handler = h;
                            socket.addEventListener("message", (event) => {
                                let data = event.data;
                                try {
                                    const frame = JSON.parse(data);
                                    if (frame.type === "hello") { frame.protocol = 99; data = JSON.stringify(frame); }
                                } catch (e) {}
                                h({data});
                            });
                        },
                    });
                    return socket;
                };
                window.WebSocket.OPEN = Native.OPEN;
                window.WebSocket.CLOSED = Native.CLOSED;
            })();
        """})
        driver.get(url)
        halt = wait(driver, lambda d: d.find_element(By.ID, "halt").is_displayed() and d.find_element(By.ID, "halt"))
        text = halt.text
        check("a protocol mismatch shows a blocking message naming both versions",
              "protocol 5" in text and "protocol 99" in text, text)
        time.sleep(0.5)
        state = model(driver, "window.__sockets.map((s) => s.readyState)")
        check("a protocol mismatch closes the socket", state == [3], state)
        # Every control is covered and disabled; even one enabled again and clicked by script
        # sends nothing.
        disabled = model(driver, "[...document.querySelectorAll('button')].every((b) => b.disabled)")
        check("a page that stopped disables its controls", disabled)
        driver.execute_script("""
            document.getElementById("send-json").value = '{"increment":{}}';
            document.getElementById("edit-json").value = '{"value":1}';
            for (const b of document.querySelectorAll("button")) { b.disabled = false; b.click(); }
        """)
        time.sleep(0.5)
        sent = model(driver, "window.__sent")
        check("a page that stopped sends nothing", sent == [], sent)
        rows = model(driver, "window.devtools.model.events.length + window.devtools.model.stores.length")
        check("a page that stopped shows nothing from the app", rows == 0, rows)
        driver.save_screenshot(screenshot)
    finally:
        driver.quit()


# Integers an Int64 holds that a double does not (16, 17 and 19 digits, negative), set in the
# Calculator's Int64 state through the page.
EXACT_INTEGERS = ["9007199254740993", "9999999999999999", "12345678901234567", "9223372036854775807",
                  "-9223372036854775808", "-9007199254740993"]
# Numbers of every shape, in a state fed to the page as the app's frames: the integers above,
# exponents at a double's ends, decimals of 20 digits, a negative zero, and numbers a double
# holds (which the page may write in JavaScript's spelling: 1.5e+300).
EXACT_NUMBERS = EXACT_INTEGERS + ["1.7976931348623157e+308", "-2.5e-300", "4.9406564584124654e-324",
                                  "1.2345678901234567891e+25", "0.12345678901234567891", "-12345.678901234567890123",
                                  "-0", "0.1", "42", "1.5e+300"]
RECORD_SENT = """
    (() => {
        const Native = window.WebSocket;
        window.__sent = [];
        window.WebSocket = function (url, protocols) {
            const socket = new Native(url, protocols);
            const send = socket.send.bind(socket);
            socket.send = (data) => { window.__sent.push(String(data)); send(data); };
            return socket;
        };
        window.WebSocket.OPEN = Native.OPEN;
        window.WebSocket.CLOSED = Native.CLOSED;
    })();
"""


def sent_set_states(driver, store):
    """The setState frames the page sent for `store`, as the text it sent."""
    return [text for text in model(driver, "window.__sent") if '"setState"' in text and f'"store":"{store}"' in text]


def exact_numbers(url, state_log, screenshot, native):
    """Every number keeps every digit in every view and in what the page sends: the timeline, the
    inspector, the state tree, a generated test and the Edit-state box, which sent back
    unedited leaves the app's state as it was. With the browser's JSON.rawJSON (`native`), or
    with it deleted before the page loads (a browser without it)."""
    where = "with JSON.rawJSON" if native else "without JSON.rawJSON"
    driver = browser()
    try:
        source = RECORD_SENT if native else "delete JSON.rawJSON; delete JSON.isRawJSON;" + RECORD_SENT
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": source})
        driver.get(url)
        wait(driver, lambda d: "connected" in d.find_element(By.ID, "conn").text)
        wait(driver, lambda d: calculator_value(d) is not None)
        check(f"{where}: the browser has JSON.rawJSON as asked",
              model(driver, "typeof JSON.rawJSON === 'function'") == native)
        if mode_of(driver) != "recording":
            click(driver, "btn-record")
            wait(driver, lambda d: mode_of(d) == "recording")

        # The app's own Int64 state, set from the page, then sent back unedited.
        for number in EXACT_INTEGERS:
            set_state_text(driver, "Calculator", '{"value": %s}' % number)
            wait_quietly(driver, lambda d: last_logged_value(state_log) == int(number))
            sent = sent_set_states(driver, "Calculator")[-1]
            check(f"{where}: {number} typed in the Edit-state box is sent and set exactly",
                  f'"value":{number}' in sent and last_logged_value(state_log) == int(number),
                  (sent, last_logged_value(state_log)))
            row = wait_quietly(driver, lambda d: [t for t in timeline_texts(d, "state") if t.endswith('{"value":%s}' % number)]
                               or None)
            check(f"{where}: the timeline shows {number}", row, timeline_texts(driver, "state")[-3:])
            driver.execute_script("""
                const rows = [...document.querySelectorAll("#timeline .row")]
                    .filter((r) => r.querySelector(".c-text").textContent.endsWith(arguments[0]));
                if (rows.length) rows[rows.length - 1].click();
            """, '{"value":%s}' % number)
            timeline_texts(driver, None)
            tree = wait_quietly(driver, lambda d: number in text_of(d, "event-tree") and text_of(d, "event-tree"))
            check(f"{where}: the inspector shows {number}", tree and f"value: {number}" in tree.replace('"', ""), tree)
            select_store(driver, "Calculator")
            shown = wait_quietly(driver, lambda d: number in text_of(d, "state-tree") and text_of(d, "state-tree"))
            check(f"{where}: the state tree shows {number}", shown and f"value: {number}" in shown.replace('"', ""), shown)
            # The box as the page fills it from the app's state, sent back without an edit.
            driver.find_element(By.CSS_SELECTOR, "#tabs button[data-tab=edit]").click()
            Select(driver.find_element(By.ID, "edit-store")).select_by_visible_text("Calculator")
            driver.execute_script("document.getElementById('edit-store').dispatchEvent(new Event('change'))")
            box = driver.find_element(By.ID, "edit-json").get_attribute("value")
            check(f"{where}: the Edit-state box holds {number}", json_value_text(box, "value") == number, box)
            count = len(sent_set_states(driver, "Calculator"))
            driver.execute_script("document.getElementById('toast').textContent = ''")
            click(driver, "btn-edit")
            wait_quietly(driver, lambda d: "State set" in d.find_element(By.ID, "toast").text)
            resent = sent_set_states(driver, "Calculator")[count:]
            check(f"{where}: the unedited box sends {number} back exactly",
                  len(resent) == 1 and f'"value":{number}' in resent[0], resent)
            time.sleep(0.3)
            check(f"{where}: the app's state is unchanged after the unedited box is sent back",
                  last_logged_value(state_log) == int(number)
                  and model(driver, "window.devtools.toJSONText(window.devtools.model.stores.find("
                                    "s => s.name === 'Calculator').state)") == '{"value":%s}' % number,
                  last_logged_value(state_log))
        code = driver.execute_script("return window.devtools.generateTest('Calculator');")
        missing = [number for number in EXACT_INTEGERS if '{\\"value\\":%s}' % number not in code]
        check(f"{where}: the generated test holds every number exactly", not missing, (missing, code))

        # Every shape of number, in frames as the app sends them, read by the page's parser.
        values = ", ".join(f'"n{index}": {number}' for index, number in enumerate(EXACT_NUMBERS))
        calculator = model(driver, "JSON.stringify(window.devtools.model.stores.find(s => s.name === 'Calculator'))")
        store = json.loads(calculator)
        store.update(name="Numbers", state=None, text="")
        stores_frame = json.dumps({"type": "stores", "stores": [store]}).replace('"state": null', '"state": {%s}' % values)
        events = ", ".join(
            '{"seq": %d, "store": "Numbers", "kind": "%s", "time": 1.5, "value": %s, "text": "", "dispatched": %s}'
            % (1_000_000 + index, kind, value, dispatched)
            for index, (kind, value, dispatched) in enumerate(
                [("state", '{"value": 0}', "null")]
                + [step for number in EXACT_NUMBERS for step in [
                    ("intent", '{"set": {"_0": %s}}' % number, "true"), ("message", '{"set": {"_0": %s}}' % number, "null"),
                    ("state", '{"value": %s}' % number, "null")]]))
        feed = """
            const devtools = window.devtools;
            const calculator = devtools.model.stores.find((s) => s.name === "Calculator");
            const numbers = devtools.parseExact(arguments[0]).stores[0];
            devtools.receive({type: "stores", stores: [calculator, numbers]});
            if (arguments[1]) devtools.receive(devtools.parseExact(arguments[1]));
        """
        events_frame = '{"type": "events", "reset": false, "dropped": 0, "timings": [], "events": [%s]}' % events
        driver.execute_script(feed, stores_frame, events_frame)
        driver.find_element(By.CSS_SELECTOR, "#tabs button[data-tab=event]").click()
        Select(driver.find_element(By.ID, "filter-store")).select_by_visible_text("Numbers")
        states = timeline_texts(driver, "state")
        missing = [number for number in EXACT_NUMBERS if not any(t.endswith('{"value":%s}' % number) for t in states)]
        check(f"{where}: the timeline shows every shape of number exactly", not missing, (missing, states))
        intents = timeline_texts(driver, "intent")
        missing = [number for number in EXACT_NUMBERS if not any(t.endswith(f".set({number})") for t in intents)]
        check(f"{where}: the timeline shows every shape of number in intents exactly", not missing, (missing, intents))
        inspected = []
        for number in EXACT_NUMBERS:
            driver.execute_script("""
                const row = [...document.querySelectorAll("#timeline .row")]
                    .find((r) => r.querySelector(".c-text").textContent.endsWith(arguments[0]));
                if (row) row.click();
            """, f".set({number})")
            tree = wait_quietly(driver, lambda d: f"_0: {number}" in text_of(d, "event-tree").replace('"', "")
                                and text_of(d, "event-tree"), timeout=5)
            if not tree:
                inspected.append(number)
        check(f"{where}: the inspector shows every shape of number exactly", not inspected, inspected)
        timeline_texts(driver, None)
        Select(driver.find_element(By.ID, "filter-store")).select_by_index(0)
        driver.execute_script(feed, stores_frame, None)
        select_store(driver, "Numbers")
        shown = wait_quietly(driver, lambda d: "n0" in text_of(d, "state-tree") and text_of(d, "state-tree"))
        missing = [number for index, number in enumerate(EXACT_NUMBERS) if f"n{index}: {number}" not in shown.replace('"', "")]
        check(f"{where}: the state tree shows every shape of number exactly", not missing, (missing, shown))
        code = driver.execute_script("return window.devtools.generateTest('Numbers');")
        missing = [number for number in EXACT_NUMBERS if '{\\"value\\":%s}' % number not in code
                   or '{\\"set\\":{\\"_0\\":%s}}' % number not in code]
        check(f"{where}: the generated test holds every shape of number exactly", not missing, (missing, code))
        driver.execute_script(feed, stores_frame, None)
        driver.find_element(By.CSS_SELECTOR, "#tabs button[data-tab=edit]").click()
        Select(driver.find_element(By.ID, "edit-store")).select_by_visible_text("Numbers")
        driver.execute_script("document.getElementById('edit-store').dispatchEvent(new Event('change'))")
        box = driver.find_element(By.ID, "edit-json").get_attribute("value")
        missing = [number for index, number in enumerate(EXACT_NUMBERS) if json_value_text(box, f"n{index}") != number]
        check(f"{where}: the Edit-state box holds every shape of number exactly", not missing, (missing, box))
        count = len(sent_set_states(driver, "Numbers"))
        click(driver, "btn-edit")
        sent = wait(driver, lambda d: sent_set_states(d, "Numbers")[count:] or None)
        missing = [number for index, number in enumerate(EXACT_NUMBERS) if f'"n{index}":{number}' not in sent[0]]
        check(f"{where}: the unedited box sends every shape of number back exactly", not missing, (missing, sent))
        driver.execute_script(feed, stores_frame, None)
        driver.find_element(By.CSS_SELECTOR, "#tabs button[data-tab=test]").click()
        Select(driver.find_element(By.ID, "test-store")).select_by_visible_text("Numbers")
        click(driver, "btn-test")
        driver.save_screenshot(screenshot)
        check(f"{where}: the screenshot is saved", os.path.getsize(screenshot) > 10_000)
        set_state_text(driver, "Calculator", '{"value": 501}')
        wait_quietly(driver, lambda d: last_logged_value(state_log) == 501)
        errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"
                  and "favicon" not in entry["message"]]
        check(f"{where}: the page logged no script errors", not errors, errors)
    finally:
        driver.quit()


def wait_quietly(driver, condition, timeout=10):
    """wait's result, or None when the condition did not come true in time: for a check that
    reports what it found rather than stopping the scenario."""
    try:
        return wait(driver, condition, timeout)
    except Exception:
        return None


def timeline_texts(driver, kind):
    """Shows the events of one kind only (all kinds for None), and returns the timeline rows'
    texts (read from the page, so rows scrolled out of view count too)."""
    return driver.execute_async_script("""
        const [kind, done] = arguments;
        for (const input of document.querySelectorAll("#kind-filters input")) {
            const on = kind === null || input.dataset.kind === kind;
            if (input.checked !== on) { input.checked = on; input.dispatchEvent(new Event("change", {bubbles: true})); }
        }
        // The timeline draws only the rows in view: scroll through it, from the top.
        const box = document.getElementById("timeline"), follow = document.getElementById("follow");
        const following = follow.checked, texts = new Map();
        follow.checked = false;
        const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        (async () => {
            for (let top = 0; ; top += Math.max(1, box.clientHeight - 44)) {
                box.scrollTop = top;
                box.dispatchEvent(new Event("scroll"));
                await frame();
                for (const row of document.querySelectorAll("#timeline .row")) {
                    texts.set(Number(row.dataset.seq), row.querySelector(".c-text").textContent);
                }
                if (top + box.clientHeight >= box.scrollHeight) break;
            }
            follow.checked = following;
            box.dispatchEvent(new Event("scroll"));
            done([...texts.entries()].sort((a, b) => a[0] - b[0]).map((entry) => entry[1]));
        })();
    """, kind)


def json_value_text(text, key):
    """The text of the number under `key` in the JSON `text`, as written (no parser rounds it)."""
    match = re.search(r'"%s"\s*:\s*(-?[0-9][0-9.eE+-]*)' % re.escape(key), text)
    return match.group(1) if match else None


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
        elif mode == "protocol":
            protocol_mismatch(sys.argv[2], sys.argv[3])
        elif mode == "literals":
            literals(sys.argv[2], sys.argv[3], int(sys.argv[4]))
        elif mode == "skip":
            skip_and_scrub(sys.argv[2], sys.argv[3], sys.argv[4])
        elif mode == "trace":
            trace_of_search(sys.argv[2], sys.argv[3])
        elif mode == "rerun":
            rerun_of_search(sys.argv[2], sys.argv[3], sys.argv[4])
        elif mode == "flight":
            flight_file(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5])
        elif mode == "redaction":
            redaction(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5])
        elif mode == "numbers":
            exact_numbers(sys.argv[2], sys.argv[3], sys.argv[4], native=True)
            exact_numbers(sys.argv[2], sys.argv[3], sys.argv[4].replace(".png", "-without-rawjson.png"), native=False)
        else:
            throughput(sys.argv[2], sys.argv[3], float(sys.argv[4]))
    except Exception as error:  # a check that could not run is a failure, not a crash
        results["failed"] += 1
        print(f"  FAIL {mode}: {type(error).__name__}: {error}")
    print(f"{results['passed']} passed, {results['failed']} failed")
    sys.exit(1 if results["failed"] else 0)
