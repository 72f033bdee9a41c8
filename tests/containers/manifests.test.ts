import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  KUBERNETES_DIR,
  parseManifests,
  renderKustomization,
  schemaProblems,
  type KubeObject,
} from '../../scripts/src/containers/manifests.ts';

const overlays = ['local', 'cloud'] as const;
const rendered = Object.fromEntries(
  overlays.map((overlay) => [overlay, parseManifests(renderKustomization(path.join(KUBERNETES_DIR, 'overlays', overlay)))]),
) as Record<(typeof overlays)[number], KubeObject[]>;

interface Container {
  name: string;
  args?: string[];
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  readinessProbe?: unknown;
  livenessProbe?: unknown;
  securityContext?: { readOnlyRootFilesystem?: boolean; allowPrivilegeEscalation?: boolean };
  lifecycle?: { preStop?: unknown };
}
interface DeploymentSpec {
  replicas: number;
  strategy: { type: string; rollingUpdate?: { maxUnavailable: number } };
  template: { spec: { securityContext: { runAsNonRoot: boolean; runAsUser: number }; containers: Container[] } };
}
const deployments = (objects: KubeObject[]) =>
  objects.filter((object) => object.kind === 'Deployment') as (KubeObject & { spec: DeploymentSpec })[];

describe.each(overlays)('overlay %s', (overlay) => {
  const objects = rendered[overlay];

  it('passes the Kubernetes API schema', () => {
    expect(schemaProblems(objects)).toEqual([]);
  });

  it('runs every container as the non-root user, with requests, limits and no privilege escalation', () => {
    for (const deployment of deployments(objects)) {
      expect(deployment.spec.template.spec.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 10001 });
      for (const container of deployment.spec.template.spec.containers) {
        expect(container.securityContext?.allowPrivilegeEscalation, container.name).toBe(false);
        expect(Object.keys(container.resources?.requests ?? {}).sort(), container.name).toEqual(['cpu', 'memory']);
        expect(Object.keys(container.resources?.limits ?? {}).sort(), container.name).toEqual(['cpu', 'memory']);
      }
    }
  });

  it('keeps the root filesystem read-only for everything that serves visitors, and probes each', () => {
    const serving = deployments(objects).filter((deployment) => deployment.metadata.name !== 'feiyi-site-builder');
    expect(serving.map((deployment) => deployment.metadata.name).sort()).toEqual(['feiyi-adapter', 'feiyi-cms', 'feiyi-web']);
    for (const deployment of serving) {
      const [container] = deployment.spec.template.spec.containers;
      expect(container!.securityContext?.readOnlyRootFilesystem, deployment.metadata.name).toBe(true);
      expect(container!.readinessProbe, deployment.metadata.name).toBeDefined();
      expect(container!.livenessProbe, deployment.metadata.name).toBeDefined();
      expect(container!.lifecycle?.preStop, deployment.metadata.name).toBeDefined();
      // A rolling update never goes below the replicas that serve: the new pod is ready before an old one drains.
      expect(deployment.spec.strategy).toMatchObject({ type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0 } });
    }
  });

  it('has a disruption budget for each serving Deployment and keeps exactly one site builder', () => {
    const budgets = objects.filter((object) => object.kind === 'PodDisruptionBudget').map((object) => object.metadata.name);
    expect(budgets.sort()).toEqual(['feiyi-adapter', 'feiyi-cms', 'feiyi-web']);
    const builder = deployments(objects).find((deployment) => deployment.metadata.name === 'feiyi-site-builder');
    expect(builder?.spec).toMatchObject({ replicas: 1, strategy: { type: 'Recreate' } });
  });

  it('bakes no secret into the manifests: the Secrets are made beside them', () => {
    expect(objects.filter((object) => object.kind === 'Secret')).toEqual([]);
  });
});

it('finds a manifest the API would refuse', () => {
  const [deployment] = deployments(rendered.cloud);
  const broken = structuredClone(deployment!) as KubeObject & { spec: { replicas: unknown } };
  broken.spec.replicas = 'two';
  expect(schemaProblems([broken])).toHaveLength(1);
});

it('runs N adapters in the cloud and names an external database, Redis and bucket rather than in-cluster ones', () => {
  expect(deployments(rendered.cloud).find((deployment) => deployment.metadata.name === 'feiyi-adapter')?.spec.replicas).toBe(2);
  expect(rendered.cloud.filter((object) => object.kind === 'Deployment').map((object) => object.metadata.name)).not.toContain('postgres');
  const config = rendered.cloud.find((object) => object.kind === 'ConfigMap') as KubeObject & { data: Record<string, string> };
  expect(config.data.S3_ENDPOINT).toMatch(/^https:\/\//);
});
