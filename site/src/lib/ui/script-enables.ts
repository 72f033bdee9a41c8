/**
 * A submit button that must send nothing without JavaScript is disabled in the HTML and carries this attribute: the
 * boot script (site/src/layouts/boot.ts) enables it as soon as the page is parsed and holds a press that comes before
 * its island has hydrated, to give it again after. Spread `scriptEnables` on the button.
 */
export const SCRIPT_ENABLES = 'data-script-enables';
export const scriptEnables = { [SCRIPT_ENABLES]: '' } as const;
