"""axe-core, run in the page: serious and critical violations fail, others are notes."""

from pathlib import Path

from .findings import Findings, ToolError

AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21aa", "best-practice"]
BLOCKING_IMPACTS = ("critical", "serious")


def find_axe() -> str:
    try:
        import axe_selenium_python
    except ImportError as error:
        raise ToolError("axe-core is missing: pip install axe-selenium-python==2.1.6") from error
    path = Path(axe_selenium_python.__file__).parent / "node_modules" / "axe-core" / "axe.min.js"
    return path.read_text(encoding="utf-8")


# axe-core 3.1.1 (the copy axe-selenium-python ships) reports autocomplete="off"/"on" on a search
# input as `autocomplete-valid`; the HTML standard allows both on every input, and later axe-core
# releases accept them, so those nodes are dropped. Everything else is reported as axe says.
AXE_RUN = """
const done = arguments[arguments.length - 1];
const stateOnly = (v, n) => v.id === 'autocomplete-valid' && n.target.length === 1 &&
  /^(on|off)$/i.test(((document.querySelector(n.target[0]) || {getAttribute: () => ''})
    .getAttribute('autocomplete') || '').trim());
axe.run(document, {runOnly: {type: 'tag', values: arguments[0]}, resultTypes: ['violations']})
  .then(r => done(r.violations
    .map(v => ({id: v.id, impact: v.impact, help: v.help,
                targets: v.nodes.filter(n => !stateOnly(v, n)).map(n => n.target.join(' '))}))
    .filter(v => v.targets.length > 0)))
  .catch(e => done([{id: 'axe-error', impact: 'critical', help: String(e), targets: ['document']}]));
"""


def run_axe(driver, axe_js: str, name: str, view: str, findings: Findings) -> None:
    if not driver.execute_script("return typeof window.axe !== 'undefined'"):
        driver.execute_script(axe_js)
    for violation in driver.execute_async_script(AXE_RUN, AXE_TAGS):
        targets = violation["targets"]
        shown = ", ".join(targets[:5]) + (f" and {len(targets) - 5} more" if len(targets) > 5 else "")
        message = f"{violation['impact']} {violation['id']}: {violation['help']} [{shown}]"
        if violation.get("impact") in BLOCKING_IMPACTS:
            findings.fail("axe", name, message, view)
        else:
            findings.note("axe", name, message, view)
