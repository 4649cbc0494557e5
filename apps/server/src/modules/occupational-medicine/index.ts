/**
 * The public face of the occupational-medicine module (decision 029): what other modules, app.ts and the seed may
 * use. Everything else in this folder is internal.
 */

// The module factory (wiring in app.ts).
export { occupationalMedicineModule } from './occupational-medicine.module.ts';
// The works doctor's login, view and administration (decision 063).
export { worksDoctorModule } from './works-doctor.module.ts';
