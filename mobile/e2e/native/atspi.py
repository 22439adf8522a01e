"""The native app's accessibility tree, as a screen reader reads it (AT-SPI, through Debian's
python3-pyatspi), for the native end-to-end tests: one JSON request a line on stdin, one JSON
answer a line on stdout.

Requests (`pid` is the app's process; roles and names are AT-SPI's, as Orca would say them):
  {"op": "find", "pid": 123, "role": "push button", "name": "Undo", "match": "exact"}
      every node of the app's web content with that role (any, if left out) whose name matches
      ("exact", "prefix", "contains" or "regex"), in document order, each as
      {"role", "name", "x", "y", "width", "height", "states", "text"} (extents on the screen;
      the text a container's children hold when it has none of its own)
  {"op": "press", ...the same as find...}
      the first such node's first action (a button's "press"), as a screen reader's user would
  {"op": "at", "pid": 123, "x": 10, "y": 20}
      what a press at that point of the screen lands on: the deepest node of the app's web
      content there, then each node around it up to the document (as "find" describes them)
  {"op": "tree", "pid": 123}
      the whole tree, indented, for a test's failure message
Each answer is {"ok": value} or {"error": text}.
"""

import json
import re
import sys

import pyatspi


def app_of(pid):
    desktop = pyatspi.Registry.getDesktop(0)
    for i in range(desktop.childCount):
        app = desktop.getChildAtIndex(i)
        try:
            if app is not None and app.get_process_id() == pid:
                return app
        except Exception:  # an application that went away while we looked
            continue
    return None


def children(node):
    try:
        count = node.childCount
    except Exception:
        return []
    out = []
    for i in range(count):
        try:
            child = node.getChildAtIndex(i)
        except Exception:
            continue
        if child is not None:
            out.append(child)
    return out


def walk(node, depth=0):
    yield node, depth
    for child in children(node):
        yield from walk(child, depth + 1)


def documents(app):
    """The web views' documents: the app's own content, not the window around it."""
    return [node for node, _ in walk(app) if safe(node.getRoleName) == "document web"]


def safe(call, default=""):
    try:
        return call()
    except Exception:
        return default


def text_of(node):
    """The node's text; a container without text of its own (a live region, a list) reads as
    its children's, as a screen reader reads it out."""
    text = safe(node.queryText, None)
    if text is not None:
        return safe(lambda: text.getText(0, -1))
    return " ".join(filter(None, (text_of(child) for child in children(node))))


def describe(node):
    extents = safe(lambda: node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS), None)
    states = safe(lambda: [pyatspi.stateToString(s) for s in node.getState().getStates()], [])
    return {
        "role": safe(node.getRoleName),
        "name": safe(lambda: node.name),
        "x": extents.x if extents else None,
        "y": extents.y if extents else None,
        "width": extents.width if extents else None,
        "height": extents.height if extents else None,
        "states": states,
        "text": text_of(node),
    }


def matches(name, want, how):
    if want is None:
        return True
    if how == "prefix":
        return name.startswith(want)
    if how == "contains":
        return want in name
    if how == "regex":
        return re.search(want, name) is not None
    return name == want


def find(request):
    app = app_of(request["pid"])
    if app is None:
        return []
    found = []
    for document in documents(app):
        for node, _ in walk(document):
            if request.get("role") not in (None, safe(node.getRoleName)):
                continue
            if not matches(safe(lambda: node.name), request.get("name"), request.get("match", "exact")):
                continue
            found.append(node)
    return found


def handle(request):
    op = request.get("op")
    if op == "find":
        return [describe(node) for node in find(request)]
    if op == "press":
        nodes = find(request)
        if not nodes:
            raise LookupError("nothing to press")
        action = nodes[0].queryAction()
        if action.nActions < 1:
            raise LookupError("it has no action")
        return action.doAction(0)
    if op == "at":
        app = app_of(request["pid"])
        if app is None:
            return []
        for document in documents(app):
            chain = []
            node = safe(lambda: document.queryComponent().getAccessibleAtPoint(
                request["x"], request["y"], pyatspi.DESKTOP_COORDS), None)
            while node is not None and len(chain) < 64:
                chain.append(node)
                node = safe(lambda: chain[-1].queryComponent().getAccessibleAtPoint(
                    request["x"], request["y"], pyatspi.DESKTOP_COORDS), None)
            if chain:
                # The deepest node, then the nodes around it up to the document.
                deepest = chain[-1]
                out = []
                node = deepest
                while node is not None and safe(lambda: node.getRoleName()) != "document web":
                    out.append(describe(node))
                    node = safe(lambda: node.parent, None)
                return out
        return []
    if op == "tree":
        app = app_of(request["pid"])
        if app is None:
            return "(no such application on the accessibility bus)"
        return "\n".join(
            "  " * depth + f"{safe(node.getRoleName)} {safe(lambda: node.name)!r}"
            for node, depth in walk(app)
        )
    raise ValueError(f"unknown op {op!r}")


def main():
    for line in sys.stdin:
        try:
            answer = {"ok": handle(json.loads(line))}
        except Exception as error:  # the answer says what went wrong; the next line goes on
            answer = {"error": f"{type(error).__name__}: {error}"}
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
