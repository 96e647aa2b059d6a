#!/usr/bin/env bash
# The console's browser tests drive a real headless Chromium through
# chromedriver (Debian's `chromium` and `chromium-driver`). Installs them
# when missing and this machine can (root with apt-get); otherwise says
# what to install. SKIP_BROWSER_TESTS=1 runs `make test` without them.
set -euo pipefail

if [[ "${SKIP_BROWSER_TESTS:-}" == "1" ]]; then
    echo "install_browser: SKIP_BROWSER_TESTS=1, the browser tests will not run"
    exit 0
fi
if command -v chromedriver >/dev/null && { command -v chromium >/dev/null || command -v chromium-browser >/dev/null; }; then
    echo "install_browser: $(chromedriver --version | head -1)"
    exit 0
fi
if [[ "$(id -u)" == "0" ]] && command -v apt-get >/dev/null; then
    echo "install_browser: installing chromium and chromium-driver"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends chromium chromium-driver >/dev/null
    echo "install_browser: $(chromedriver --version | head -1)"
    exit 0
fi
echo "install_browser: the browser tests need Chromium and chromedriver:" >&2
echo "  sudo apt-get install chromium chromium-driver   (or SKIP_BROWSER_TESTS=1 to leave them out)" >&2
exit 1
