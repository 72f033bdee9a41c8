#!/usr/bin/env bash
# The images' base: a Debian bookworm minbase root filesystem made with debootstrap from Debian's packages (no image
# registry needed), imported into Podman as localhost/feiyi-base:bookworm. Cached: the tarball under
# .cache/containers/ is made once (about 40 s) and imported again only when the image is missing.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
CACHE="$ROOT/.cache/containers"
TARBALL="$CACHE/bookworm-minbase.tar"
IMAGE="localhost/feiyi-base:bookworm"
MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
# nginx serves the site (role site); ca-certificates for TLS to managed PostgreSQL/Redis/S3; tini reaps zombies and
# forwards SIGTERM (the Node processes drain on it).
PACKAGES="ca-certificates,tini,nginx-light,libnginx-mod-http-brotli-static"
export CONTAINERS_CONF="${CONTAINERS_CONF:-$ROOT/deploy/containers/containers.conf}"

if [ ! -f "$TARBALL" ]; then
  command -v debootstrap >/dev/null || { echo "需要 debootstrap：apt-get install -y debootstrap" >&2; exit 1; }
  mkdir -p "$CACHE"
  rootfs="$CACHE/rootfs.tmp"
  rm -rf "$rootfs"
  echo "» 用 debootstrap 制作 Debian bookworm 最小根文件系统（约 40 秒）…"
  debootstrap --variant=minbase --include="$PACKAGES" bookworm "$rootfs" "$MIRROR" >"$CACHE/debootstrap.log" 2>&1 \
    || { echo "debootstrap 失败，见 $CACHE/debootstrap.log" >&2; exit 1; }
  # What a container never uses: package lists and caches, documentation, manuals, translations.
  rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/*.bin "$rootfs"/var/cache/apt/archives/*.deb \
    "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/* "$rootfs"/usr/share/locale/* \
    "$rootfs"/var/log/*.log "$rootfs"/var/log/apt/* "$rootfs"/etc/nginx/sites-enabled/*
  tar --numeric-owner -C "$rootfs" -cf "$TARBALL.tmp" .
  mv "$TARBALL.tmp" "$TARBALL"
  rm -rf "$rootfs"
fi

if ! podman image exists "$IMAGE"; then
  echo "» 导入基础镜像 $IMAGE"
  podman import --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' --change 'CMD ["/bin/bash"]' "$TARBALL" "$IMAGE" >/dev/null
fi
