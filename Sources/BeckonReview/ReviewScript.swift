/// The review page's scripts, inline so the page works from a folder without a server.
enum ReviewScript {
    /// Shows the filters and applies them: a row stays when its text holds the search, and it has
    /// the chosen status in the chosen locale (any locale when none is chosen). The page's query
    /// (`?q=…&locale=de-DE&status=stale&template=templates-pages-landing-md`) sets them, so a filtered view can be linked to. Sections
    /// without string tables (other findings) are never hidden. With a locale chosen, only its
    /// column and the source's are shown, so a phone-sized screen has room for them.
    static let filters = """
        (function(){var f=document.querySelector(".filters");if(!f)return;f.hidden=false;
        var q=document.getElementById("review-search"),l=document.getElementById("review-locale"),
        s=document.getElementById("review-status"),t=document.getElementById("review-template"),
        c=document.getElementById("review-count");
        function apply(){var text=q.value.trim().toLowerCase(),shown=0,total=0;
        document.querySelectorAll("main section").forEach(function(sec){if(!sec.querySelector("table.strings"))return;var any=false;
        sec.querySelectorAll("tbody tr").forEach(function(row){total++;
        var states=(row.getAttribute("data-status")||"").split(" ");
        var ok=(!text||row.textContent.toLowerCase().indexOf(text)>=0)&&(!s.value||states.some(function(t){
        return t.slice(t.lastIndexOf(":")+1)===s.value&&(!l.value||t.slice(0,t.lastIndexOf(":"))===l.value)}));
        ok=ok&&(!t.value||sec.id===t.value);row.hidden=!ok;if(ok){shown++;any=true}});sec.hidden=!any});
        document.querySelectorAll("[data-column]").forEach(function(cell){var col=cell.getAttribute("data-column");
        cell.hidden=!!l.value&&col!==l.value&&col!==f.getAttribute("data-source")});
        c.textContent=shown+" of "+total+" strings"}
        var p=new URLSearchParams(location.search);q.value=p.get("q")||"";l.value=p.get("locale")||"";
        s.value=p.get("status")||"";t.value=p.get("template")||"";
        [q,l,s,t].forEach(function(e){e.addEventListener("input",apply)});apply()})();
        """

    /// Records the decisions made under each translation in the browser's storage (per page),
    /// drops any made on a translation that has changed since (`data-hash`), and offers each
    /// locale's decisions as a `review-LOCALE.json` download in the format `l10n import` reads.
    static let decisions = """
        (function(){var sets=document.querySelectorAll("fieldset.decision"),panel=document.getElementById("review-decisions");
        if(!panel||!sets.length)return;var store="beckon-review:"+location.pathname,saved={};
        try{saved=JSON.parse(localStorage.getItem(store)||"{}")||{}}catch(e){saved={}}
        function save(){try{localStorage.setItem(store,JSON.stringify(saved))}catch(e){}}
        function id(f){return f.getAttribute("data-locale")+" "+f.getAttribute("data-key")}
        function record(f){var r=f.querySelector("input[type=radio]:checked"),note=f.querySelector("textarea").value.trim();
        if(!r||!r.value){delete saved[id(f)]}else{var d={key:f.getAttribute("data-key"),decision:r.value,
        translationHash:f.getAttribute("data-hash")};if(note)d.note=note;saved[id(f)]=d}save();render()}
        function render(){var by={},total=0,out=document.getElementById("review-exports");out.textContent="";
        Object.keys(saved).forEach(function(k){var l=k.slice(0,k.indexOf(" "));(by[l]=by[l]||[]).push(saved[k])});
        Object.keys(by).sort().forEach(function(l){var list=by[l].sort(function(a,b){return a.key<b.key?-1:a.key>b.key?1:0});
        total+=list.length;var json=JSON.stringify({format:"beckon-review",version:1,locale:l,decisions:list},null,1)+"\\n";
        var a=document.createElement("a");a.href="data:application/json;charset=utf-8,"+encodeURIComponent(json);
        a.download="review-"+l+".json";a.setAttribute("data-locale",l);
        a.textContent="Download review-"+l+".json ("+list.length+" decision"+(list.length===1?"":"s")+")";
        var li=document.createElement("li");li.appendChild(a);out.appendChild(li)});
        document.getElementById("review-decided").textContent=total?total+" decision"+(total===1?"":"s")+
        " made in this browser.":"No decisions yet: choose Approve or Needs work under a translation."}
        sets.forEach(function(f){f.hidden=false;var d=saved[id(f)];
        if(d&&d.translationHash!==f.getAttribute("data-hash")){delete saved[id(f)];d=null}
        if(d){f.querySelectorAll("input[type=radio]").forEach(function(r){r.checked=r.value===d.decision});
        f.querySelector("textarea").value=d.note||""}
        f.addEventListener("change",function(){record(f)});f.addEventListener("input",function(){record(f)})});
        save();panel.hidden=false;render()})();
        """
}
