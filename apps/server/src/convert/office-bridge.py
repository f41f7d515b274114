#!/usr/bin/env python3
# Keeps one LibreOffice running and converts files to PDF through UNO, one request per line on stdin, one JSON
# answer per line on stdout (issue 16: a cold `soffice --convert-to` pays LibreOffice's start for every file).
# Started by warm-office.ts in its own process group, so a hung or crashed office is killed with this script.
# Exit codes: 4 = this Python has no UNO (the server falls back to a cold soffice per file), 3 = the office died.
import json
import os
import signal
import subprocess
import sys
import time

try:
    import uno
    from com.sun.star.beans import PropertyValue
    from com.sun.star.connection import NoConnectException
except ImportError:
    sys.exit(4)

# The PDF export filter of each kind of document LibreOffice can load (what --convert-to pdf picks).
FILTERS = [
    ('com.sun.star.sheet.SpreadsheetDocument', 'calc_pdf_Export'),
    ('com.sun.star.presentation.PresentationDocument', 'impress_pdf_Export'),
    ('com.sun.star.drawing.DrawingDocument', 'draw_pdf_Export'),
    ('com.sun.star.text.GenericTextDocument', 'writer_pdf_Export'),
]


def props(**values):
    out = []
    for name, value in values.items():
        p = PropertyValue()
        p.Name = name
        p.Value = value
        out.append(p)
    return tuple(out)


def connect(soffice, profile, pipe):
    office = subprocess.Popen(
        [soffice, '-env:UserInstallation=' + profile, '--headless', '--invisible', '--norestore', '--nologo',
         '--nodefault', '--nolockcheck', '--accept=pipe,name=%s;urp;StarOffice.ComponentContext' % pipe],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext('com.sun.star.bridge.UnoUrlResolver', local)
    deadline = time.time() + 60
    while True:
        try:
            ctx = resolver.resolve('uno:pipe,name=%s;urp;StarOffice.ComponentContext' % pipe)
            return office, ctx.ServiceManager.createInstanceWithContext('com.sun.star.frame.Desktop', ctx)
        except NoConnectException:
            if office.poll() is not None or time.time() > deadline:
                sys.stderr.write('LibreOffice did not start\n')
                sys.exit(3)
            time.sleep(0.05)


def convert(desktop, source, target):
    # Hidden, read-only, no macros, no links fetched: the file is untrusted input.
    doc = desktop.loadComponentFromURL(uno.systemPathToFileUrl(source), '_blank', 0,
                                       props(Hidden=True, ReadOnly=True, MacroExecutionMode=0, UpdateDocMode=0))
    if doc is None:
        raise ValueError('source file could not be loaded')
    try:
        name = next((f for service, f in FILTERS if doc.supportsService(service)), 'writer_pdf_Export')
        doc.storeToURL(uno.systemPathToFileUrl(target), props(FilterName=name))
    finally:
        try:
            doc.close(True)
        except Exception:
            doc.dispose()


def alive(desktop):
    try:
        desktop.getFrames()
        return True
    except Exception:
        return False


def end_with_parent():
    # The server was killed (kill -9, a crash, the machine's OOM killer): nobody will close our stdin or kill our
    # process group, and a conversion in progress would keep LibreOffice running for ever after. A small watchdog
    # process (not a thread: a UNO call can hold the interpreter for as long as a conversion takes) kills the whole
    # group (this script, soffice and soffice.bin) as soon as the server is gone (issue 25).
    server = os.getppid()
    group = os.getpgrp()
    if os.fork() != 0:
        return
    # The watchdog holds none of the bridge's pipes: the server sees the bridge's output end when the bridge does.
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)
    try:
        while True:
            os.kill(server, 0)
            if os.getppid() == 1:  # the bridge itself is gone: nothing left to watch
                os._exit(0)
            time.sleep(0.5)
    except ProcessLookupError:
        os.killpg(group, signal.SIGKILL)
    os._exit(0)


def answer(value):
    # The server stopped reading (it died): take the group down rather than leave an office behind.
    try:
        print(json.dumps(value), flush=True)
    except BrokenPipeError:
        os.killpg(0, signal.SIGKILL)


def main():
    end_with_parent()
    soffice, profile, pipe = sys.argv[1:4]
    office, desktop = connect(soffice, profile, pipe)
    answer({'ready': True, 'pid': office.pid})
    for line in sys.stdin:
        request = json.loads(line)
        try:
            convert(desktop, request['source'], request['target'])
            answer({'ok': True})
        except Exception as err:
            # A file LibreOffice cannot read is the file's fault; a dead office is ours: exit, be replaced.
            if not alive(desktop):
                sys.stderr.write('LibreOffice stopped: %s\n' % err)
                sys.exit(3)
            answer({'ok': False, 'error': str(err) or type(err).__name__})
    # stdin closed: the server is done with this office.
    try:
        desktop.terminate()
    except Exception:
        pass
    try:
        office.wait(timeout=10)
    except subprocess.TimeoutExpired:
        office.kill()


main()
