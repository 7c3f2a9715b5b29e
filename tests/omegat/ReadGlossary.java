// Reads a glossary file with OmegaT's own readers (GlossaryReaderTBX / GlossaryReaderCSV),
// as OmegaT 3.6 does when the file is in a project's glossary folder, and prints one
// line per entry: source<TAB>target<TAB>comment. Args: file, source language, target.
import java.io.File;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.List;
import org.omegat.core.Core;
import org.omegat.core.data.IProject;
import org.omegat.core.data.ProjectProperties;
import org.omegat.gui.glossary.GlossaryEntry;
import org.omegat.gui.glossary.GlossaryReaderCSV;
import org.omegat.gui.glossary.GlossaryReaderTBX;
import org.omegat.util.Language;

public class ReadGlossary {
  public static void main(String[] args) throws Exception {
    File dir = new File(System.getProperty("java.io.tmpdir"), "omegat-project");
    final ProjectProperties props = new ProjectProperties(dir);
    props.setSourceLanguage(new Language(args[1]));
    props.setTargetLanguage(new Language(args[2]));
    IProject project = (IProject) Proxy.newProxyInstance(
        ReadGlossary.class.getClassLoader(), new Class<?>[] {IProject.class},
        (proxy, m, a) -> {
          if (m.getName().equals("getProjectProperties")) return props;
          if (m.getName().equals("isProjectLoaded")) return true;
          return null;
        });
    Method set = Core.class.getDeclaredMethod("setProject", IProject.class);
    set.setAccessible(true);
    set.invoke(null, project);
    File f = new File(args[0]);
    List<GlossaryEntry> entries = f.getName().endsWith(".tbx")
        ? GlossaryReaderTBX.read(f, false)
        : GlossaryReaderCSV.read(f, false);
    StringBuilder out = new StringBuilder();
    for (GlossaryEntry e : entries) {
      out.append(e.getSrcText()).append('\t').append(e.getLocText()).append('\t')
         .append(e.getCommentText().replace('\n', ' ')).append('\n');
    }
    System.out.write(out.toString().getBytes("UTF-8"));
    System.out.flush();
  }
}
