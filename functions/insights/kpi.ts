/** utilisation = days on rent ÷ available car-days (0 when nothing was available). */
export const utilisationOf = (rentedDays: number, availableCarDays: number): number => (availableCarDays > 0 ? rentedDays / availableCarDays : 0);
