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

// A DOT text read with names kept by cgraph's own name map, so that every
// node, edge and subgraph gets the next number as it is read. cgraph's
// default takes the address of each interned name as its id and orders
// subgraphs by id: clusters came out in the order of heap addresses, which
// in a process with other threads differs from run to run, so the same DOT
// gave different SVG bytes (seen on vapor's graph). Returning 0 for a name
// makes cgraph keep it in its internal map under the default's next
// anonymous id (agmapnametoid). Used for the dot engine only: with neato,
// fdp, sfdp and twopi the names of a graph read this way are lost.
//
// The disciplines are copied from cgraph's defaults (which differ across
// versions in their fields) and changed by name; they are static because the
// graph keeps a pointer to them. Callers hold the renderer's lock: Graphviz
// is not re-entrant anyway.
typedef struct {
    const char *text;
    size_t length;
    size_t position;
} modgraph_dot_reader;

static inline int modgraph_read_dot_line(void *channel, char *buffer, int size) {
    modgraph_dot_reader *reader = (modgraph_dot_reader *)channel;
    int count = 0;
    while (count < size && reader->position < reader->length) {
        char character = reader->text[reader->position++];
        buffer[count++] = character;
        if (character == '\n') break;
    }
    return count;
}

static inline long modgraph_map_id(void *state, int kind, char *name, IDTYPE *id, int create) {
    if (name) return 0;
    return AgIdDisc.map(state, kind, NULL, id, create);
}

static inline Agraph_t *modgraph_read_dot(const char *text, size_t length) {
    static Agiddisc_t ids;
    static Agiodisc_t io;
    static Agdisc_t discipline;
    static int ready = 0;
    if (!ready) {
        ids = AgIdDisc;
        ids.map = modgraph_map_id;
        io = AgIoDisc;
        io.afread = modgraph_read_dot_line;
        discipline = AgDefaultDisc;
        discipline.id = &ids;
        discipline.io = &io;
        ready = 1;
    }
    modgraph_dot_reader reader = {text, length, 0};
    return agread(&reader, &discipline);
}

#endif
