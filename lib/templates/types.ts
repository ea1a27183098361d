// What the template endpoints answer (PascalCase, as the product's API).
export type MailTemplateListItem = {
  Id: number;
  Name: string;
  Description: string;
  /** The tags, shown as the Categorii badges of the list. */
  Categories: string[];
  Tags: string[];
};

export type MailTemplateDetails = {
  Id: number;
  Name: string;
  Description: string;
  /** The editor design as JSON text ('' when none was saved). */
  Content: string;
  Tags: string[];
};

/** Add / Edit answer: the saved template without its (possibly large) design. */
export type MailTemplateSaved = Omit<MailTemplateDetails, 'Content'>;

export type { Paged } from '@/lib/shared/paged';
