// Graphviz's C API (libgvc, libcgraph) for ModGraphRendering, the only module
// allowed to import it. Include paths and libraries come from pkg-config
// (`libgvc`), so the headers are included by bare name.
//
// Two signatures changed in Graphviz 3; the wrappers below keep one Swift call
// site for both. Verified with Graphviz 2.42/2.43 (Debian 12); the newer branch
// follows the released headers, which define GRAPHVIZ_VERSION_MAJOR.
#ifndef MODGRAPH_CGRAPHVIZ_SHIM_H
#define MODGRAPH_CGRAPHVIZ_SHIM_H

#include <stddef.h>
#include <graphviz_version.h>
#include <cgraph.h>
#include <gvc.h>

// gvRenderData's length went from `unsigned int *` to `size_t *`.
static inline int modgraph_gvRenderData(GVC_t *gvc, Agraph_t *graph, const char *format,
                                        char **result, size_t *length) {
#if defined(GRAPHVIZ_VERSION_MAJOR) && GRAPHVIZ_VERSION_MAJOR >= 3
    return gvRenderData(gvc, graph, format, result, length);
#else
    unsigned int shortLength = 0;
    int status = gvRenderData(gvc, graph, format, result, &shortLength);
    *length = shortLength;
    return status;
#endif
}

// gvPluginList lost its unused fourth parameter. The result is a malloc'ed
// list of malloc'ed names: free each, then the list.
static inline char **modgraph_gvPluginList(GVC_t *gvc, const char *kind, int *count) {
#if defined(GRAPHVIZ_VERSION_MAJOR) && GRAPHVIZ_VERSION_MAJOR >= 3
    return gvPluginList(gvc, kind, count);
#else
    return gvPluginList(gvc, kind, count, NULL);
#endif
}

#endif
