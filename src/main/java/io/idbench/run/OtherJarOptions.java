package io.idbench.run;

import io.idbench.config.ConfigException;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The options another build's {@code idbench serve} takes, read from that build's own command model: its
 * {@code ServeCommand} as its own picocli describes it ({@code CommandSpec.options()}), loaded in a class loader of its own
 * so that nothing of this build's classes mixes in. An older jar may lack an option this build passes.
 */
final class OtherJarOptions {
    static final String SERVE_COMMAND = "io.idbench.cli.ServeCommand";

    private OtherJarOptions() {
    }

    /** Every name (long and short) of every option of the jar's {@code serve}. */
    static Set<String> serve(Path jar) {
        return serve(List.of(jar), "versus.jar " + jar);
    }

    /** The same from a class path of several entries (a build's classes and its picocli), named {@code what} in errors. */
    static Set<String> serve(List<Path> classpath, String what) {
        try (URLClassLoader loader = new URLClassLoader(urls(classpath), ClassLoader.getPlatformClassLoader())) {
            Class<?> commandLine = loader.loadClass("picocli.CommandLine");
            Object serve = loader.loadClass(SERVE_COMMAND).getDeclaredConstructor().newInstance();
            Object spec = commandLine.getMethod("getCommandSpec").invoke(commandLine.getConstructor(Object.class).newInstance(serve));
            Set<String> names = new HashSet<>();
            for (Object option : (List<?>) spec.getClass().getMethod("options").invoke(spec)) {
                names.addAll(Arrays.asList((String[]) option.getClass().getMethod("names").invoke(option)));
            }
            return names;
        } catch (ClassNotFoundException | NoClassDefFoundError e) {
            throw new ConfigException(what + " is not an idbench build: it has no " + e.getMessage().replace('/', '.'));
        } catch (ReflectiveOperationException | IOException | LinkageError | ClassCastException e) {
            throw new ConfigException(what + ": its serve command could not be asked for its options: " + e);
        }
    }

    private static URL[] urls(List<Path> classpath) throws MalformedURLException {
        List<URL> urls = new ArrayList<>();
        for (Path p : classpath) {
            urls.add(p.toUri().toURL());
        }
        return urls.toArray(URL[]::new);
    }
}
