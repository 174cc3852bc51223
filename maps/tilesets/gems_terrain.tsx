<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="gems_terrain" tilewidth="32" tileheight="32" tilecount="116" columns="16">
 <image source="gems_terrain.png" width="512" height="256"/>
 <tile id="0" type="terrain">
  <properties>
   <property name="terrain" type="string" value="grass"/>
  </properties>
 </tile>
 <tile id="1" type="terrain">
  <properties>
   <property name="terrain" type="string" value="grass"/>
  </properties>
 </tile>
 <tile id="2" type="terrain">
  <properties>
   <property name="terrain" type="string" value="grass"/>
  </properties>
 </tile>
 <tile id="3" type="terrain">
  <properties>
   <property name="terrain" type="string" value="tall_grass"/>
  </properties>
 </tile>
 <tile id="4" type="terrain">
  <properties>
   <property name="terrain" type="string" value="dirt"/>
  </properties>
 </tile>
 <tile id="5" type="terrain">
  <properties>
   <property name="terrain" type="string" value="dirt"/>
  </properties>
 </tile>
 <tile id="6" type="terrain">
  <properties>
   <property name="terrain" type="string" value="mud"/>
  </properties>
 </tile>
 <tile id="7" type="terrain">
  <properties>
   <property name="terrain" type="string" value="sand"/>
  </properties>
 </tile>
 <tile id="8" type="terrain">
  <properties>
   <property name="terrain" type="string" value="sand"/>
  </properties>
 </tile>
 <tile id="9" type="terrain">
  <properties>
   <property name="terrain" type="string" value="stone_floor"/>
  </properties>
 </tile>
 <tile id="10" type="terrain">
  <properties>
   <property name="terrain" type="string" value="stone_floor"/>
  </properties>
 </tile>
 <tile id="11" type="terrain">
  <properties>
   <property name="terrain" type="string" value="rubble"/>
  </properties>
 </tile>
 <tile id="12" type="terrain">
  <properties>
   <property name="terrain" type="string" value="wall"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="13" type="terrain">
  <properties>
   <property name="terrain" type="string" value="boulder"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="14" type="terrain">
  <properties>
   <property name="terrain" type="string" value="tree"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="15" type="terrain">
  <properties>
   <property name="terrain" type="string" value="tree"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="16" type="terrain">
  <properties>
   <property name="terrain" type="string" value="water"/>
   <property name="water" type="bool" value="true"/>
   <property name="water_penalty" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="17" type="terrain">
  <properties>
   <property name="terrain" type="string" value="water"/>
   <property name="water" type="bool" value="true"/>
   <property name="water_penalty" type="int" value="3"/>
   <property name="current_dir" type="string" propertytype="current_dir" value="N"/>
   <property name="current_threshold" type="int" value="12"/>
  </properties>
 </tile>
 <tile id="18" type="terrain">
  <properties>
   <property name="terrain" type="string" value="water"/>
   <property name="water" type="bool" value="true"/>
   <property name="water_penalty" type="int" value="3"/>
   <property name="current_dir" type="string" propertytype="current_dir" value="NE"/>
   <property name="current_threshold" type="int" value="12"/>
  </properties>
 </tile>
 <tile id="19" type="terrain">
  <properties>
   <property name="terrain" type="string" value="water"/>
   <property name="water" type="bool" value="true"/>
   <property name="water_penalty" type="int" value="3"/>
   <property name="current_dir" type="string" propertytype="current_dir" value="E"/>
   <property name="current_threshold" type="int" value="12"/>
  </properties>
 </tile>
 <tile id="20" type="terrain">
  <properties>
   <property name="terrain" type="string" value="water"/>
   <property name="water" type="bool" value="true"/>
   <property name="water_penalty" type="int" value="3"/>
   <property name="current_dir" type="string" propertytype="current_dir" value="SE"/>
   <property name="current_threshold" type="int" value="12"/>
  </properties>
 </tile>
 <tile id="21" type="terrain">
  <properties>
   <property name="terrain" type="string" value="water"/>
   <property name="water" type="bool" value="true"/>
   <property name="water_penalty" type="int" value="3"/>
   <property name="current_dir" type="string" propertytype="current_dir" value="S"/>
   <property name="current_threshold" type="int" value="12"/>
  </properties>
 </tile>
 <tile id="22" type="terrain">
  <properties>
   <property name="terrain" type="string" value="water"/>
   <property name="water" type="bool" value="true"/>
   <property name="water_penalty" type="int" value="3"/>
   <property name="current_dir" type="string" propertytype="current_dir" value="SW"/>
   <property name="current_threshold" type="int" value="12"/>
  </properties>
 </tile>
 <tile id="23" type="terrain">
  <properties>
   <property name="terrain" type="string" value="water"/>
   <property name="water" type="bool" value="true"/>
   <property name="water_penalty" type="int" value="3"/>
   <property name="current_dir" type="string" propertytype="current_dir" value="W"/>
   <property name="current_threshold" type="int" value="12"/>
  </properties>
 </tile>
 <tile id="24" type="terrain">
  <properties>
   <property name="terrain" type="string" value="water"/>
   <property name="water" type="bool" value="true"/>
   <property name="water_penalty" type="int" value="3"/>
   <property name="current_dir" type="string" propertytype="current_dir" value="NW"/>
   <property name="current_threshold" type="int" value="12"/>
  </properties>
 </tile>
 <tile id="25" type="terrain">
  <properties>
   <property name="terrain" type="string" value="deep_water"/>
   <property name="water" type="bool" value="true"/>
   <property name="water_penalty" type="int" value="4"/>
  </properties>
 </tile>
 <tile id="26" type="terrain">
  <properties>
   <property name="terrain" type="string" value="bridge"/>
   <property name="water" type="bool" value="false"/>
  </properties>
 </tile>
 <tile id="27" type="terrain">
  <properties>
   <property name="terrain" type="string" value="bridge"/>
   <property name="water" type="bool" value="false"/>
  </properties>
 </tile>
 <tile id="28" type="terrain">
  <properties>
   <property name="terrain" type="string" value="log"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="29" type="terrain">
  <properties>
   <property name="terrain" type="string" value="bush"/>
  </properties>
 </tile>
 <tile id="30" type="terrain">
  <properties>
   <property name="terrain" type="string" value="wall"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="31" type="terrain">
  <properties>
   <property name="terrain" type="string" value="pillar"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="32" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="33" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="34" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="35" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="36" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="37" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="38" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="39" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="40" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="41" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="42" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="43" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="44" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="45" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="46" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="47" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="48" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="49" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="50" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="51" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="52" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="53" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="54" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="55" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="56" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="57" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="58" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="59" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="60" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="61" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="62" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="63" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="64" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="65" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="66" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="67" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="68" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="69" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="70" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="71" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="72" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="73" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="74" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="75" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="76" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="77" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="78" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="79" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="80" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="4"/>
  </properties>
 </tile>
 <tile id="81" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="4"/>
  </properties>
 </tile>
 <tile id="82" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="4"/>
  </properties>
 </tile>
 <tile id="83" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="4"/>
  </properties>
 </tile>
 <tile id="84" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="4"/>
  </properties>
 </tile>
 <tile id="85" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="4"/>
  </properties>
 </tile>
 <tile id="86" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="4"/>
  </properties>
 </tile>
 <tile id="87" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="4"/>
  </properties>
 </tile>
 <tile id="88" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="4"/>
  </properties>
 </tile>
 <tile id="89" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="4"/>
  </properties>
 </tile>
 <tile id="90" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="4"/>
  </properties>
 </tile>
 <tile id="91" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="4"/>
  </properties>
 </tile>
 <tile id="92" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="4"/>
  </properties>
 </tile>
 <tile id="93" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="4"/>
  </properties>
 </tile>
 <tile id="94" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="4"/>
  </properties>
 </tile>
 <tile id="95" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="4"/>
  </properties>
 </tile>
 <tile id="96" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="5"/>
  </properties>
 </tile>
 <tile id="97" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="5"/>
  </properties>
 </tile>
 <tile id="98" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="5"/>
  </properties>
 </tile>
 <tile id="99" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="5"/>
  </properties>
 </tile>
 <tile id="100" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="5"/>
  </properties>
 </tile>
 <tile id="101" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="5"/>
  </properties>
 </tile>
 <tile id="102" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="5"/>
  </properties>
 </tile>
 <tile id="103" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="5"/>
  </properties>
 </tile>
 <tile id="104" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="5"/>
  </properties>
 </tile>
 <tile id="105" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="5"/>
  </properties>
 </tile>
 <tile id="106" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="5"/>
  </properties>
 </tile>
 <tile id="107" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="5"/>
  </properties>
 </tile>
 <tile id="108" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="5"/>
  </properties>
 </tile>
 <tile id="109" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="5"/>
  </properties>
 </tile>
 <tile id="110" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="5"/>
  </properties>
 </tile>
 <tile id="111" type="terrain">
  <properties>
   <property name="terrain" type="string" value="plateau"/>
   <property name="elevation" type="int" value="5"/>
  </properties>
 </tile>
 <wangsets>
  <wangset name="Elevation 1" type="edge" tile="32">
   <wangcolor name="Level 1" color="#7a9450" tile="32" probability="1"/>
   <wangtile tileid="32" wangid="1,0,1,0,1,0,1,0"/>
   <wangtile tileid="33" wangid="0,0,1,0,1,0,1,0"/>
   <wangtile tileid="34" wangid="1,0,0,0,1,0,1,0"/>
   <wangtile tileid="35" wangid="0,0,0,0,1,0,1,0"/>
   <wangtile tileid="36" wangid="1,0,1,0,0,0,1,0"/>
   <wangtile tileid="37" wangid="0,0,1,0,0,0,1,0"/>
   <wangtile tileid="38" wangid="1,0,0,0,0,0,1,0"/>
   <wangtile tileid="39" wangid="0,0,0,0,0,0,1,0"/>
   <wangtile tileid="40" wangid="1,0,1,0,1,0,0,0"/>
   <wangtile tileid="41" wangid="0,0,1,0,1,0,0,0"/>
   <wangtile tileid="42" wangid="1,0,0,0,1,0,0,0"/>
   <wangtile tileid="43" wangid="0,0,0,0,1,0,0,0"/>
   <wangtile tileid="44" wangid="1,0,1,0,0,0,0,0"/>
   <wangtile tileid="45" wangid="0,0,1,0,0,0,0,0"/>
   <wangtile tileid="46" wangid="1,0,0,0,0,0,0,0"/>
   <wangtile tileid="47" wangid="0,0,0,0,0,0,0,0"/>
  </wangset>
  <wangset name="Elevation 2" type="edge" tile="48">
   <wangcolor name="Level 2" color="#a49a60" tile="48" probability="1"/>
   <wangtile tileid="48" wangid="1,0,1,0,1,0,1,0"/>
   <wangtile tileid="49" wangid="0,0,1,0,1,0,1,0"/>
   <wangtile tileid="50" wangid="1,0,0,0,1,0,1,0"/>
   <wangtile tileid="51" wangid="0,0,0,0,1,0,1,0"/>
   <wangtile tileid="52" wangid="1,0,1,0,0,0,1,0"/>
   <wangtile tileid="53" wangid="0,0,1,0,0,0,1,0"/>
   <wangtile tileid="54" wangid="1,0,0,0,0,0,1,0"/>
   <wangtile tileid="55" wangid="0,0,0,0,0,0,1,0"/>
   <wangtile tileid="56" wangid="1,0,1,0,1,0,0,0"/>
   <wangtile tileid="57" wangid="0,0,1,0,1,0,0,0"/>
   <wangtile tileid="58" wangid="1,0,0,0,1,0,0,0"/>
   <wangtile tileid="59" wangid="0,0,0,0,1,0,0,0"/>
   <wangtile tileid="60" wangid="1,0,1,0,0,0,0,0"/>
   <wangtile tileid="61" wangid="0,0,1,0,0,0,0,0"/>
   <wangtile tileid="62" wangid="1,0,0,0,0,0,0,0"/>
   <wangtile tileid="63" wangid="0,0,0,0,0,0,0,0"/>
  </wangset>
  <wangset name="Elevation 3" type="edge" tile="64">
   <wangcolor name="Level 3" color="#b2926a" tile="64" probability="1"/>
   <wangtile tileid="64" wangid="1,0,1,0,1,0,1,0"/>
   <wangtile tileid="65" wangid="0,0,1,0,1,0,1,0"/>
   <wangtile tileid="66" wangid="1,0,0,0,1,0,1,0"/>
   <wangtile tileid="67" wangid="0,0,0,0,1,0,1,0"/>
   <wangtile tileid="68" wangid="1,0,1,0,0,0,1,0"/>
   <wangtile tileid="69" wangid="0,0,1,0,0,0,1,0"/>
   <wangtile tileid="70" wangid="1,0,0,0,0,0,1,0"/>
   <wangtile tileid="71" wangid="0,0,0,0,0,0,1,0"/>
   <wangtile tileid="72" wangid="1,0,1,0,1,0,0,0"/>
   <wangtile tileid="73" wangid="0,0,1,0,1,0,0,0"/>
   <wangtile tileid="74" wangid="1,0,0,0,1,0,0,0"/>
   <wangtile tileid="75" wangid="0,0,0,0,1,0,0,0"/>
   <wangtile tileid="76" wangid="1,0,1,0,0,0,0,0"/>
   <wangtile tileid="77" wangid="0,0,1,0,0,0,0,0"/>
   <wangtile tileid="78" wangid="1,0,0,0,0,0,0,0"/>
   <wangtile tileid="79" wangid="0,0,0,0,0,0,0,0"/>
  </wangset>
  <wangset name="Elevation 4" type="edge" tile="80">
   <wangcolor name="Level 4" color="#9c9a96" tile="80" probability="1"/>
   <wangtile tileid="80" wangid="1,0,1,0,1,0,1,0"/>
   <wangtile tileid="81" wangid="0,0,1,0,1,0,1,0"/>
   <wangtile tileid="82" wangid="1,0,0,0,1,0,1,0"/>
   <wangtile tileid="83" wangid="0,0,0,0,1,0,1,0"/>
   <wangtile tileid="84" wangid="1,0,1,0,0,0,1,0"/>
   <wangtile tileid="85" wangid="0,0,1,0,0,0,1,0"/>
   <wangtile tileid="86" wangid="1,0,0,0,0,0,1,0"/>
   <wangtile tileid="87" wangid="0,0,0,0,0,0,1,0"/>
   <wangtile tileid="88" wangid="1,0,1,0,1,0,0,0"/>
   <wangtile tileid="89" wangid="0,0,1,0,1,0,0,0"/>
   <wangtile tileid="90" wangid="1,0,0,0,1,0,0,0"/>
   <wangtile tileid="91" wangid="0,0,0,0,1,0,0,0"/>
   <wangtile tileid="92" wangid="1,0,1,0,0,0,0,0"/>
   <wangtile tileid="93" wangid="0,0,1,0,0,0,0,0"/>
   <wangtile tileid="94" wangid="1,0,0,0,0,0,0,0"/>
   <wangtile tileid="95" wangid="0,0,0,0,0,0,0,0"/>
  </wangset>
  <wangset name="Elevation 5" type="edge" tile="96">
   <wangcolor name="Level 5" color="#cccac6" tile="96" probability="1"/>
   <wangtile tileid="96" wangid="1,0,1,0,1,0,1,0"/>
   <wangtile tileid="97" wangid="0,0,1,0,1,0,1,0"/>
   <wangtile tileid="98" wangid="1,0,0,0,1,0,1,0"/>
   <wangtile tileid="99" wangid="0,0,0,0,1,0,1,0"/>
   <wangtile tileid="100" wangid="1,0,1,0,0,0,1,0"/>
   <wangtile tileid="101" wangid="0,0,1,0,0,0,1,0"/>
   <wangtile tileid="102" wangid="1,0,0,0,0,0,1,0"/>
   <wangtile tileid="103" wangid="0,0,0,0,0,0,1,0"/>
   <wangtile tileid="104" wangid="1,0,1,0,1,0,0,0"/>
   <wangtile tileid="105" wangid="0,0,1,0,1,0,0,0"/>
   <wangtile tileid="106" wangid="1,0,0,0,1,0,0,0"/>
   <wangtile tileid="107" wangid="0,0,0,0,1,0,0,0"/>
   <wangtile tileid="108" wangid="1,0,1,0,0,0,0,0"/>
   <wangtile tileid="109" wangid="0,0,1,0,0,0,0,0"/>
   <wangtile tileid="110" wangid="1,0,0,0,0,0,0,0"/>
   <wangtile tileid="111" wangid="0,0,0,0,0,0,0,0"/>
  </wangset>
 </wangsets>
</tileset>
