import { describe, expect, it } from 'vitest';
import { editorActiveAt, noteEditorRequest } from './editor-activity';

describe('editor activity', () => {
  it('counts an admin’s successful content-manager request about public content, and nothing else', () => {
    expect(editorActiveAt()).toBeNull();
    noteEditorRequest('/content-manager/collection-types/api::order.order', 200, true);
    noteEditorRequest('/content-manager/collection-types/api::culture.culture/abc', 200, false);
    noteEditorRequest('/content-manager/collection-types/api::culture.culture/abc', 403, true);
    noteEditorRequest('/api/cultures', 200, true);
    expect(editorActiveAt()).toBeNull();

    const before = Date.now();
    noteEditorRequest('/content-manager/collection-types/api::culture.culture/abc/actions/publish', 200, true);
    const first = Date.parse(editorActiveAt()!);
    expect(first).toBeGreaterThanOrEqual(before);
    noteEditorRequest('/content-manager/single-types/api%3A%3Ahome-page.home-page', 200, true);
    expect(Date.parse(editorActiveAt()!)).toBeGreaterThanOrEqual(first);
  });
});
