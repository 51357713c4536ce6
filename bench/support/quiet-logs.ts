// Imported first by a bench whose figures would drown in the desk's info lines (one per service
// call): warnings and errors only, unless LOG_LEVEL says otherwise.
process.env.LOG_LEVEL ??= "warn";
