declare const __HIRE_VERSION__: string | undefined;
