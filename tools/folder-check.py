#!/usr/bin/env python3
# The folder check (issue 42 item 1; make folder-check, part of make check):
# a file of Sources/FeedDate uses only what its own folder and the folders
# below it declare. The order is docs/DESIGN.md's line "Layers, lowest first:
# `A < B < ...`", the one place it is written. Declared: the top-level
# struct, class, enum, protocol, typealias, actor, func, let and var that are
# not private, and the members an `extension X` adds outside X's folder (when
# no other member has the name). Used: any identifier outside comments and
# string literals (interpolations count); `extension X` is a use of X.
#   tools/folder-check.py [ROOT]    check ROOT (default: this checkout)
#   tools/folder-check.py --self-test   plant upward uses in a copy; each must fail
import os
import re
import shutil
import sys
import tempfile

DECL = re.compile(r"\b(struct|class|enum|protocol|typealias|actor|func|let|var|extension)\s+([A-Za-z_]\w*)")
IDENT = re.compile(r"(?<![\w$])(\.?)([A-Za-z_]\w*)")


def code_of(text):
    """The text with comments and string literals blanked (line breaks kept)."""
    out, stack, i, n = [], ["code"], 0, len(text)
    while i < n:
        top, c = stack[-1], text[i]
        if top == "code" or isinstance(top, int):
            if text.startswith("//", i):
                j = text.find("\n", i)
                i = n if j < 0 else j
                continue
            if text.startswith("/*", i):
                j = text.find("*/", i) + 2
                out.append("\n" * text.count("\n", i, j))
                i = j
                continue
            if c == '"':
                delim = '"""' if text.startswith('"""', i) else '"'
                stack.append(delim)
                out.append(" ")
                i += len(delim)
                continue
            if isinstance(top, int) and c in "()":
                stack[-1] += 1 if c == "(" else -1
                if stack[-1] == 0:
                    stack.pop()
                    i += 1
                    continue
            out.append(c)
            i += 1
        else:  # inside a string literal
            if text.startswith("\\(", i):
                stack.append(1)
                i += 2
            elif c == "\\":
                i += 2
            elif text.startswith(top, i):
                stack.pop()
                i += len(top)
            else:
                out.append("\n" if c == "\n" else "")
                i += 1
    return "".join(out)


def check(root):
    design = open(os.path.join(root, "docs/DESIGN.md"), encoding="utf-8").read()
    m = re.search(r"^Layers, lowest first: `([^`]+)`", design, re.M)
    if not m:
        return ['docs/DESIGN.md: no line "Layers, lowest first: `A < B < ...`"']
    layers = [s.strip() for s in m.group(1).split("<")]
    src = os.path.join(root, "Sources/FeedDate")
    folders = sorted(d for d in os.listdir(src) if os.path.isdir(os.path.join(src, d)) and not d.endswith(".docc"))
    if sorted(layers) != folders:
        return [f"docs/DESIGN.md: the layers {layers} are not the folders of Sources/FeedDate {folders}"]
    rank = {f: k for k, f in enumerate(layers)}
    files = {
        f"{d}/{name}": code_of(open(os.path.join(src, d, name), encoding="utf-8").read()).split("\n")
        for d in folders
        for name in sorted(os.listdir(os.path.join(src, d)))
        if name.endswith(".swift")
    }
    home, added, members = {}, {}, {}  # name -> folders; member name -> (type, folder); member name -> count
    for path, lines in files.items():
        depth, extending = 0, None
        for line in lines:
            for m in DECL.finditer(line):
                kind, name = m.groups()
                if depth == 0 and kind == "extension":
                    extending = name
                elif depth == 0 and not re.search(r"\b(private|fileprivate)\b", line[: m.start()]):
                    home.setdefault(name, set()).add(path.split("/")[0])
                elif depth > 0 and kind in ("func", "let", "var"):
                    members[name] = members.get(name, 0) + 1
                    if depth == 1 and extending:
                        added[name] = (extending, path.split("/")[0])
                break
            depth += line.count("{") - line.count("}")
            extending = extending if depth else None
    added = {k: v for k, v in added.items() if members[k] == 1 and v[1] not in home.get(v[0], {v[1]})}
    errors = []
    for path, lines in files.items():
        folder = path.split("/")[0]
        mine, where = rank[folder], f"Sources/FeedDate/{path}"
        for ln, line in enumerate(lines, 1):
            for m in IDENT.finditer(line):
                dot, name = m.groups()
                if not dot and name in home and min(rank[f] for f in home[name]) > mine:
                    f = min(home[name], key=rank.get)
                    errors.append(f"{where}:{ln}: uses {name}, declared in {f}/, above {folder}/")
                elif name in added and rank[added[name][1]] > mine:
                    t, f = added[name]
                    errors.append(f"{where}:{ln}: uses {t}.{name}, added by an extension in {f}/, above {folder}/")
    return errors


def self_test(root):
    """Each plant in a copy of the tree must fail the check, naming the planted file only."""
    here = check(root)
    if here:
        return ["self-test: the tree itself fails"] + here
    with tempfile.TemporaryDirectory() as tmp:
        shutil.copytree(os.path.join(root, "Sources/FeedDate"), os.path.join(tmp, "Sources/FeedDate"))
        shutil.copytree(os.path.join(root, "docs"), os.path.join(tmp, "docs"))
        layers = re.search(
            r"^Layers, lowest first: `([^`]+)`", open(os.path.join(tmp, "docs/DESIGN.md")).read(), re.M
        ).group(1)
        folders = [f.strip() for f in layers.split("<")]
        low, top = folders[0], os.path.join(tmp, "Sources/FeedDate", folders[-1])
        # A type the top folder declares (not one it extends).
        name = min(
            m.group(2)
            for f in os.listdir(top)
            if f.endswith(".swift")
            for m in DECL.finditer(code_of(open(os.path.join(top, f)).read()))
            if m.group(1) in ("struct", "class", "enum")
        )
        member = "plantedMember"
        plants = [
            f"func planted() {{ _ = {name}.self }}\n",
            f"extension {name} {{}}\n",
            f"func planted() {{ {member}() }}\n",
        ]
        with open(os.path.join(top, "PlantedMember.swift"), "w") as f:
            f.write(f"extension {low}Thing {{\n    func {member}() {{}}\n}}\n")
        with open(os.path.join(tmp, "Sources/FeedDate", low, "Thing.swift"), "w") as f:
            f.write(f"struct {low}Thing {{}}\n")
        failures = []
        for plant in plants:
            path = os.path.join(tmp, "Sources/FeedDate", low, "Planted.swift")
            with open(path, "w") as f:
                f.write(plant)
            errors = check(tmp)
            if not errors or any(f"{low}/Planted.swift:1:" not in e for e in errors):
                failures.append(f"self-test: planting {plant.strip()!r} in {low}/ gave {errors or 'no error'}")
            os.remove(path)
        return failures


if __name__ == "__main__":
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    test = sys.argv[1:2] == ["--self-test"]
    args = sys.argv[2:] if test else sys.argv[1:]
    root = args[0] if args else root
    errors = self_test(root) if test else check(root)
    for e in errors:
        print(e, file=sys.stderr)
    print(f"folder check{' self-test' if test else ''}: {'FAILED' if errors else 'ok'}")
    sys.exit(1 if errors else 0)
