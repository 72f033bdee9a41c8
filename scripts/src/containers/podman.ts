import type { KubeObject } from './manifests.ts';

/**
 * The local overlay as Podman plays it (`podman kube play`, Podman 4.3 from Debian bookworm), which is not a cluster:
 * - no Services, PodDisruptionBudgets, Ingresses or Namespaces (Podman has none): every pod is on the host's network;
 * - the adapters' Deployment becomes one Deployment per instance, each on its own port (PORT + 1 …), named adapter-N;
 * - Secrets become Podman secrets (a JSON map of base64 values, which is what Podman 4.3 reads; a Secret in the YAML it
 *   stores unparsed), named per run so two runs never share one;
 * - the shared volumes are folders of this run (the host reads the built site and the uploads as the tests expect);
 * - container ports go (Podman refuses port mappings on the host's network), and so do probes and preStop hooks: Podman has no readiness and would run its liveness check with curl, which the images
 *   do not have; ./portal waits for each service's health address itself.
 * Every name gets the run's suffix, so `podman kube down` removes exactly this run's pods.
 */
export interface PodmanPlan {
  suffix: string;
  host: string;
  webPort: number;
  cmsPort: number;
  adapterPorts: number[];
  /** Host folders for the PersistentVolumeClaims, by claim name. */
  volumes: Record<string, string>;
  /** Extra settings per role (the test suite's TEST_FAULTS …). */
  env?: { adapter?: Record<string, string>; cms?: Record<string, string> };
}

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: unknown;
}
interface Container {
  name: string;
  env?: EnvVar[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  [key: string]: unknown;
}
interface PodSpec {
  containers: Container[];
  volumes?: { name: string; persistentVolumeClaim?: { claimName: string }; hostPath?: { path: string; type: string } }[];
  [key: string]: unknown;
}
type Deployment = KubeObject & { spec: { replicas?: number; template: { metadata: { labels: Record<string, string> }; spec: PodSpec } } };

const UNPLAYED = new Set(['Service', 'PodDisruptionBudget', 'Ingress', 'Namespace', 'PersistentVolumeClaim', 'Secret']);

const withEnv = (container: Container, values: Record<string, string>) => {
  const names = new Set(Object.keys(values));
  container.env = [
    ...(container.env ?? []).filter((item) => !names.has(item.name)),
    ...Object.entries(values).map(([name, value]) => ({ name, value })),
  ];
};

export function forPodman(
  objects: readonly KubeObject[],
  plan: PodmanPlan,
): { objects: KubeObject[]; secretNames: Record<string, string> } {
  const named = (name: string) => `${name}-${plan.suffix}`;
  const secretNames: Record<string, string> = {};
  const configNames: Record<string, string> = {};
  const played: KubeObject[] = [];
  for (const object of objects) {
    if (object.kind === 'ConfigMap') {
      configNames[object.metadata.name] = named(object.metadata.name);
      played.push({ ...object, metadata: { ...object.metadata, name: named(object.metadata.name) } });
    }
  }
  const prepare = (deployment: Deployment, name: string, env: Record<string, string>): Deployment => {
    const copy = structuredClone(deployment);
    copy.metadata = { ...copy.metadata, name: named(name) };
    copy.spec.replicas = 1;
    const spec = copy.spec.template.spec;
    for (const container of spec.containers) {
      delete container.readinessProbe;
      delete container.livenessProbe;
      delete container.startupProbe;
      delete container.lifecycle;
      // On the host's network a port is the process's own: Podman refuses port mappings there.
      delete container.ports;
      for (const source of container.envFrom ?? []) {
        if (source.configMapRef) source.configMapRef.name = configNames[source.configMapRef.name] ?? source.configMapRef.name;
        if (source.secretRef) source.secretRef.name = secretNames[source.secretRef.name] ??= named(source.secretRef.name);
      }
      withEnv(container, env);
    }
    for (const volume of spec.volumes ?? []) {
      if (!volume.persistentVolumeClaim) continue;
      const folder = plan.volumes[volume.persistentVolumeClaim.claimName];
      if (!folder) throw new Error(`no host folder for the claim ${volume.persistentVolumeClaim.claimName}`);
      delete volume.persistentVolumeClaim;
      volume.hostPath = { path: folder, type: 'Directory' };
    }
    return copy;
  };
  for (const object of objects) {
    if (object.kind !== 'Deployment') {
      if (!UNPLAYED.has(object.kind) && object.kind !== 'ConfigMap') throw new Error(`Podman cannot play ${object.kind}`);
      continue;
    }
    const deployment = object as Deployment;
    switch (deployment.metadata.name) {
      case 'feiyi-adapter':
        plan.adapterPorts.forEach((port, i) =>
          played.push(
            prepare(deployment, `feiyi-adapter-${i + 1}`, {
              HOST: plan.host,
              PORT: String(port),
              INSTANCE_NAME: `adapter-${i + 1}`,
              ...plan.env?.adapter,
            }),
          ),
        );
        break;
      case 'feiyi-cms':
        played.push(prepare(deployment, 'feiyi-cms', { HOST: plan.host, PORT: String(plan.cmsPort), ...plan.env?.cms }));
        break;
      case 'feiyi-web':
        played.push(prepare(deployment, 'feiyi-web', { NGINX_LISTEN: `${plan.host}:${plan.webPort}` }));
        break;
      default:
        played.push(prepare(deployment, deployment.metadata.name, {}));
    }
  }
  return { objects: played, secretNames };
}

/** A Secret's data as Podman 4.3's kube play reads a secret: a JSON object of base64 values. */
export const podmanSecret = (data: Record<string, string>) =>
  JSON.stringify(Object.fromEntries(Object.entries(data).map(([key, value]) => [key, Buffer.from(value).toString('base64')])));
