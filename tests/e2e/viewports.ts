export const phone = { width: 390, height: 844 };
export const desktop = { width: 1280, height: 800 };
