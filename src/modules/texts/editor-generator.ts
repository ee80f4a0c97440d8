// The generator name under which an editor's correction is stored (with isAiGenerated false). The
// editorial service writes it and the text service keeps such a text; neither needs the other for it.
export const EDITOR_GENERATOR = 'editor';
