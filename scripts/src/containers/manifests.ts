import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseAllDocuments, stringify } from 'yaml';
import { ConfigMap, Namespace, PersistentVolumeClaim, Secret, Service } from 'kubernetes-models/v1';
import { Deployment } from 'kubernetes-models/apps/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { ROOT } from '../paths.ts';
import { CommandError } from '../processes.ts';

/** deploy/kubernetes: the kustomize base and its overlays (local: this machine with Podman; cloud: a managed cluster). */
export const KUBERNETES_DIR = path.join(ROOT, 'deploy', 'kubernetes');

/** One Kubernetes object as the manifests hold it (plain data, as parsed from YAML). */
export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; [key: string]: unknown };
  [key: string]: unknown;
}

/** kubectl's built-in kustomize renders a kustomization folder (`kubectl kustomize <dir>`). */
export function renderKustomization(dir: string): string {
  const result = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw new CommandError(`渲染 Kubernetes 清单需要 kubectl（含 kustomize）：${result.error.message}`);
  if (result.status !== 0) throw new CommandError(`kubectl kustomize ${dir} 失败：${result.stderr.trim()}`);
  return result.stdout;
}

export function parseManifests(text: string): KubeObject[] {
  return parseAllDocuments(text)
    .map((document) => document.toJS() as KubeObject | null)
    .filter((object): object is KubeObject => object !== null);
}

export const toYaml = (objects: readonly KubeObject[]) => objects.map((object) => stringify(object)).join('---\n');

/** The models (kubernetes-models: the API's OpenAPI schemas) of every kind the manifests use. */
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'v1/Namespace': Namespace,
  'v1/PersistentVolumeClaim': PersistentVolumeClaim,
  'apps/v1/Deployment': Deployment,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'networking.k8s.io/v1/Ingress': Ingress,
};

/** Each object checked against the Kubernetes API's schema: the problems, one line each (none: valid). */
export function schemaProblems(objects: readonly KubeObject[]): string[] {
  return objects.flatMap((object) => {
    const where = `${object.kind} ${object.metadata?.name}`;
    const Model = MODELS[`${object.apiVersion}/${object.kind}`];
    if (!Model) return [`${where}：没有 ${object.apiVersion} ${object.kind} 的模式`];
    try {
      new Model(object as never).validate();
      return [];
    } catch (error) {
      return [`${where}：${(error as Error).message}`];
    }
  });
}
