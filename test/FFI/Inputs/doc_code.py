"""Prints the first ```LANG block of a Markdown file that contains TEXT:
docs' code is built and run by the tests, so it cannot rot.

usage: doc_code.py FILE LANG TEXT
"""
import sys

path, lang, text = sys.argv[1:4]
block, inside = [], False
for line in open(path):
    if not inside and line.strip() == "```" + lang:
        inside, block = True, []
    elif inside and line.strip() == "```":
        if any(text in l for l in block):
            sys.stdout.write("".join(block))
            sys.exit(0)
        inside = False
    elif inside:
        block.append(line)
sys.exit("no ```%s block with %r in %s" % (lang, text, path))
