#!/bin/sh
# The images' entry point: `feiyi-entrypoint <role>` with role adapter, cms, site-builder or nginx.
# 1. Every NAME_FILE=/path in the environment becomes NAME=<that file's contents> (Kubernetes Secrets mounted as
#    files, Podman/Docker secrets), so no secret needs to be in the environment or in the image.
# 2. The role's required settings are checked: a missing one stops the container with a Chinese message naming it
#    (and where it belongs), exit code 78 (EX_CONFIG), instead of a process failing later with a stack trace.
# 3. The role's process replaces this shell (tini above it forwards SIGTERM: the processes drain on it).
# FEIYI_CHECK_ONLY=1 stops after step 2 (the unit test runs this script on the host).
set -eu
role="${1:-}"
APP="${FEIYI_APP_DIR:-/app}"

for file_var in $(env | sed -n 's/^\([A-Z][A-Z0-9_]*\)_FILE=.*/\1/p'); do
  eval "file=\${${file_var}_FILE}"
  if [ ! -r "$file" ]; then
    echo "无法读取设置 ${file_var} 的文件 ${file}（${file_var}_FILE）：容器不启动" >&2
    exit 78
  fi
  eval "export ${file_var}=\"\$(cat \"\$file\")\""
done

missing=0
# need NAME WHERE: WHERE is the Kubernetes object that holds it (deploy/kubernetes: the Secrets feiyi-secrets, shared
# by the adapters, the CMS and the site builder, and feiyi-cms-secrets, the CMS's own; the ConfigMap feiyi-config).
need() {
  eval "value=\${$1:-}"
  if [ -z "$value" ]; then
    echo "缺少设置 $1（应在 $2 中提供）：${role_name} 不启动" >&2
    missing=1
  fi
}
SECRET="Secret feiyi-secrets"
CMS_SECRET="Secret feiyi-cms-secrets"
CONFIG="ConfigMap feiyi-config"

case "$role" in
  adapter)
    role_name="适配层"
    for name in CMS_API_TOKEN JWT_SECRET WEBHOOK_SECRET PREVIEW_SECRET; do need "$name" "$SECRET"; done
    for name in CMS_URL PUBLIC_URL; do need "$name" "$CONFIG"; done
    set -- node --max-semi-space-size=16 "$APP/api-adapter/src/server.ts"
    workdir="$APP/api-adapter"
    ;;
  cms)
    role_name="内容管理服务"
    for name in CMS_API_TOKEN JWT_SECRET WEBHOOK_SECRET PREVIEW_SECRET; do need "$name" "$SECRET"; done
    for name in APP_KEYS API_TOKEN_SALT ADMIN_JWT_SECRET TRANSFER_TOKEN_SALT ENCRYPTION_KEY ADMIN_EMAIL ADMIN_PASSWORD \
      DATABASE_URL; do need "$name" "$CMS_SECRET"; done
    for name in WEBHOOK_URL PREVIEW_SITE_URL; do need "$name" "$CONFIG"; done
    set -- node "$APP/cms/node_modules/@strapi/strapi/bin/strapi.js" start
    workdir="$APP/cms"
    ;;
  site-builder)
    role_name="网站构建器"
    for name in CMS_API_TOKEN WEBHOOK_SECRET; do need "$name" "$SECRET"; done
    for name in CMS_URL PORTAL_API_URL SITE_DIR; do need "$name" "$CONFIG"; done
    set -- node "$APP/scripts/src/containers/site-builder.ts"
    workdir="$APP"
    ;;
  nginx)
    role_name="nginx"
    for name in ADAPTER_UPSTREAM UPLOADS_STORE SITE_DIR; do need "$name" "$CONFIG"; done
    ;;
  *)
    echo "用法：feiyi-entrypoint adapter|cms|site-builder|nginx（未知角色：${role:-无}）" >&2
    exit 64
    ;;
esac
[ "$missing" = 0 ] || exit 78
[ "${FEIYI_CHECK_ONLY:-}" = 1 ] && exit 0

if [ "$role" = nginx ]; then
  # The configuration is rendered from deploy/nginx's template into /tmp (a tmpfs), then nginx replaces this shell.
  node "$APP/scripts/src/containers/site-nginx.ts"
  exec nginx -e /dev/stderr -p "${NGINX_DIR:-/tmp/nginx}" -c "${NGINX_DIR:-/tmp/nginx}/nginx.conf" -g 'daemon off;'
fi
cd "$workdir"
exec "$@"
