// Romanian labels for the parts of GrapesJS and grapesjs-mjml the editor shows (neither ships a
// Romanian locale); keys missing here fall back to English.
const placeholder = { placeholder: 'ex. text aici' };

export const grapesRo = {
  assetManager: {
    addButton: 'Adaugă imagine',
    inputPlh: 'https://adresa/imaginii.jpg',
    modalTitle: 'Alege imaginea',
    uploadTitle: 'Adaugă adresa unei imagini publicate pe web',
  },
  domComponents: {
    names: { '': 'Casetă', wrapper: 'Corp', text: 'Text', comment: 'Comentariu', image: 'Imagine', link: 'Link', table: 'Tabel', row: 'Rând', cell: 'Celulă' },
  },
  deviceManager: {
    device: 'Dispozitiv',
    devices: { desktop: 'Desktop', tablet: 'Tabletă', mobileLandscape: 'Mobil orizontal', mobilePortrait: 'Mobil vertical' },
  },
  panels: {
    buttons: {
      titles: {
        preview: 'Previzualizare',
        fullscreen: 'Ecran complet',
        'sw-visibility': 'Arată conturul componentelor',
        'export-template': 'Vezi codul',
        'open-sm': 'Stiluri',
        'open-tm': 'Setări',
        'open-layers': 'Straturi',
        'open-blocks': 'Blocuri',
      },
    },
  },
  selectorManager: { label: 'Clase', selected: 'Selectat', emptyState: '- Stare -', states: { hover: 'La survolare', active: 'La clic', 'nth-of-type(2n)': 'Par/Impar' } },
  styleManager: {
    empty: 'Selectați un element pentru a-i modifica stilul',
    layer: 'Strat',
    fileButton: 'Imagini',
    sectors: { general: 'General', layout: 'Așezare', typography: 'Tipografie', decorations: 'Decorațiuni', extra: 'Extra', flex: 'Flex', dimension: 'Dimensiuni', settings: 'Setări' },
    properties: {
      'margin-top-sub': 'Sus',
      'margin-right-sub': 'Dreapta',
      'margin-bottom-sub': 'Jos',
      'margin-left-sub': 'Stânga',
      'padding-top-sub': 'Sus',
      'padding-right-sub': 'Dreapta',
      'padding-bottom-sub': 'Jos',
      'padding-left-sub': 'Stânga',
      'border-width-sub': 'Lățime',
      'border-style-sub': 'Stil',
      'border-color-sub': 'Culoare',
      'border-top-left-radius-sub': 'Stânga sus',
      'border-top-right-radius-sub': 'Dreapta sus',
      'border-bottom-right-radius-sub': 'Dreapta jos',
      'border-bottom-left-radius-sub': 'Stânga jos',
      'background-image-sub': 'Imagine',
      'background-repeat-sub': 'Repetare',
      'background-position-sub': 'Poziție',
      'background-size-sub': 'Mărime',
    },
  },
  traitManager: {
    empty: 'Selectați un element pentru a-i vedea setările',
    label: 'Setările componentei',
    traits: {
      labels: { href: 'Adresă link', alt: 'Text alternativ', title: 'Titlu', target: 'Deschide în', src: 'Sursă' },
      attributes: { id: placeholder, alt: placeholder, title: placeholder, href: { placeholder: 'ex. https://firma.ro' } },
      options: { target: { false: 'Aceeași fereastră', _blank: 'Fereastră nouă' } },
    },
  },
  storageManager: { recover: 'Doriți să recuperați modificările nesalvate?' },
};

export const mjmlRo = {
  'grapesjs-mjml': {
    category: '',
    panels: {
      buttons: { undo: 'Anulează', redo: 'Refă', desktop: 'Desktop', tablet: 'Tabletă', mobile: 'Mobil', import: 'Importă MJML' },
      import: { title: 'Importă MJML', button: 'Importă', label: '' },
      export: { title: 'Codul MJML' },
    },
    components: {
      names: {
        body: 'Corp',
        button: 'Buton',
        column: 'Coloană',
        oneColumn: '1 coloană',
        twoColumn: '2 coloane',
        threeColumn: '3 coloane',
        divider: 'Separator',
        group: 'Grup',
        hero: 'Antet mare',
        image: 'Imagine',
        navBar: 'Meniu',
        navLink: 'Link de meniu',
        section: 'Secțiune',
        socialGroup: 'Rețele sociale',
        socialElement: 'Rețea socială',
        spacer: 'Spațiu',
        text: 'Text',
        wrapper: 'Înveliș',
        raw: 'HTML',
      },
    },
  },
};
