#!/usr/bin/env python3
"""Records SWI-Prolog's answers for a conformance case file (crates/logic/tests/swi/*.txt).

A case file is a list of cases separated by lines `----`. A case is an optional program
(lines after a line `program:` up to the query), a query line `?- QUERY` or `?- [N] QUERY`
(N: at most N answers, 100 when absent), then the expected answers as the harness prints
them. This script re-runs every query under `swipl` with tests/swi/harness.pl and rewrites
the expected answers in place:  python3 crates/logic/tests/swi/record.py FILE...
"""
import os, re, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

def parse(text):
    cases = []
    for block in text.split('\n----\n'):
        lines = block.strip('\n').split('\n')
        if not any(l.startswith('?- ') for l in lines):
            continue
        q = next(i for i, l in enumerate(lines) if l.startswith('?- '))
        program = []
        if lines and lines[0] == 'program:':
            program = lines[1:q]
        cases.append((program, lines[q], lines[q + 1:]))
    return cases

def anonymous(text):
    return re.sub(r'(?<![A-Za-z0-9_])_G?\d+', '_', text)

def record(path):
    cases = parse(open(path).read())
    out = []
    for program, qline, _ in cases:
        m = re.match(r'\?- (?:\[(\d+)\] )?(.*)$', qline)
        limit, query = m.group(1) or '100', m.group(2)
        with tempfile.NamedTemporaryFile('w', suffix='.pl', delete=False) as f:
            f.write('\n'.join(program) + '\n')
            name = f.name
        try:
            r = subprocess.run(['swipl', os.path.join(HERE, 'harness.pl'), '--', name, query, limit],
                               capture_output=True, text=True, timeout=20, stdin=subprocess.DEVNULL)
            got = anonymous(r.stdout)
        except subprocess.TimeoutExpired:
            got = 'TIMEOUT\n'
        finally:
            os.unlink(name)
        block = (['program:'] + program if program else []) + [qline]
        out.append('\n'.join(block) + '\n' + got)
    open(path, 'w').write('----\n'.join(out))

for p in sys.argv[1:]:
    record(p)
