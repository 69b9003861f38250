/** The one place the server reads the time, so tests can move it. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export const addSeconds = (date: Date, seconds: number): Date => new Date(date.getTime() + seconds * 1000);
