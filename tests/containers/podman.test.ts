import path from 'node:path';
import { expect, it } from 'vitest';
import { KUBERNETES_DIR, parseManifests, renderKustomization } from '../../scripts/src/containers/manifests.ts';
import { forPodman, podmanSecret } from '../../scripts/src/containers/podman.ts';

const local = parseManifests(renderKustomization(path.join(KUBERNETES_DIR, 'overlays', 'local')));
const plan = {
  suffix: 'p8800',
  host: '127.0.0.1',
  webPort: 8800,
  cmsPort: 2000,
  adapterPorts: [8801, 8802],
  volumes: { 'feiyi-site': '/run/site', 'feiyi-cms-public': '/run/cms-public' },
};

interface Played {
  kind: string;
  metadata: { name: string };
  spec: {
    replicas: number;
    template: {
      spec: {
        containers: { env: { name: string; value?: string }[]; envFrom: { secretRef?: { name: string } }[]; readinessProbe?: unknown }[];
        volumes: { hostPath?: { path: string } }[];
      };
    };
  };
}

it('plays one pod per adapter on its own port, the rest once, with no kind Podman lacks', () => {
  const { objects, secretNames } = forPodman(local, plan);
  const played = objects as unknown as Played[];
  expect(played.map((object) => `${object.kind} ${object.metadata.name}`).sort()).toEqual([
    'ConfigMap ' + played.find((object) => object.kind === 'ConfigMap')!.metadata.name,
    'Deployment feiyi-adapter-1-p8800',
    'Deployment feiyi-adapter-2-p8800',
    'Deployment feiyi-cms-p8800',
    'Deployment feiyi-site-builder-p8800',
    'Deployment feiyi-web-p8800',
  ]);
  const adapter2 = played.find((object) => object.metadata.name === 'feiyi-adapter-2-p8800')!;
  const [container] = adapter2.spec.template.spec.containers;
  expect(container!.env).toEqual(
    expect.arrayContaining([
      { name: 'PORT', value: '8802' },
      { name: 'INSTANCE_NAME', value: 'adapter-2' },
      { name: 'HOST', value: '127.0.0.1' },
    ]),
  );
  expect(container!.readinessProbe).toBeUndefined();
  expect(container!.envFrom).toContainEqual({ secretRef: { name: 'feiyi-secrets-p8800' } });
  expect(adapter2.spec.template.spec.volumes.map((volume) => volume.hostPath?.path).filter(Boolean)).toEqual(['/run/site']);
  expect(secretNames).toEqual({ 'feiyi-secrets': 'feiyi-secrets-p8800', 'feiyi-cms-secrets': 'feiyi-cms-secrets-p8800' });
});

it('writes a secret as the JSON map of base64 values Podman 4.3 reads', () => {
  expect(JSON.parse(podmanSecret({ JWT_SECRET: '非遗' }))).toEqual({ JWT_SECRET: Buffer.from('非遗').toString('base64') });
});
