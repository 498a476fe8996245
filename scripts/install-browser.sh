#!/usr/bin/env bash
# Debian's Chromium, for the test that opens the HTML report in a real browser
# (tests/test_report.py drives it with Playwright; Playwright's own browser download is not
# used). Does nothing when chromium is there; when apt cannot install it the test skips.
set -euo pipefail
command -v chromium >/dev/null 2>&1 && exit 0
echo "installing Debian package: chromium"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO=sudo
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq chromium >/dev/null
